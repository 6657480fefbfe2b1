import { describe, expect, it } from 'vitest';
import { parseCallLink } from './call-links';

describe('parseCallLink', () => {
  it.each([
    ['/calls/default/abc-123', { type: 'default', id: 'abc-123' }],
    ['https://mentoring.example/join/audio_room/room_1', { type: 'audio_room', id: 'room_1' }],
    ['livestream:show-1', { type: 'livestream', id: 'show-1' }],
    ['  calls/development/x1/  ', { type: 'development', id: 'x1' }],
  ])('reads %s', (input, expected) => {
    expect(parseCallLink(input)).toEqual(expected);
  });

  it.each(['', 'hello', '/messages/abc', 'https://mentoring.example/calls/default', '/calls/default/a b'])('refuses %j', (input) => {
    expect(parseCallLink(input)).toBeNull();
  });
});

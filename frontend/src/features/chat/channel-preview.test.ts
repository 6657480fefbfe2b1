import type { Channel } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { accessibleName, listTime, plainText, previewOf, type ChannelPreview } from './channel-preview';

describe('plainText', () => {
  it('drops the common markdown marks and keeps the words', () => {
    expect(plainText('**Bold** and *em* and __strong__ and _soft_ and ~~gone~~ and `code`')).toBe('Bold and em and strong and soft and gone and code');
    expect(plainText('# Notes\n> quoted\n- item one\n- item two')).toBe('Notes quoted item one item two');
    expect(plainText('See [the agenda](https://example.org/agenda) and ![a photo](x.png)')).toBe('See the agenda and a photo');
  });

  it('leaves what markdown would leave: underscores inside words, a lone star', () => {
    expect(plainText('rename snake_case_name to camelCase')).toBe('rename snake_case_name to camelCase');
    expect(plainText('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
});

describe('listTime', () => {
  const zone = 'Europe/Berlin';
  const now = Date.parse('2026-11-26T17:00:00Z');
  it('says the time today, "Yesterday", then the date, with the year once it is another', () => {
    expect(listTime(Date.parse('2026-11-26T07:05:00Z'), zone, now)).toBe('08:05');
    expect(listTime(Date.parse('2026-11-25T20:00:00Z'), zone, now)).toBe('Yesterday');
    expect(listTime(Date.parse('2026-11-20T12:00:00Z'), zone, now)).toBe('Fri 20 Nov');
    expect(listTime(Date.parse('2025-12-31T12:00:00Z'), zone, now)).toBe('Wed 31 Dec 2025');
  });

  it('counts days in the member’s zone: 23:30 in Berlin is still today there', () => {
    expect(listTime(Date.parse('2026-11-26T22:30:00Z'), zone, Date.parse('2026-11-26T22:45:00Z'))).toBe('23:30');
    expect(listTime(Date.parse('2026-11-26T22:30:00Z'), 'UTC', Date.parse('2026-11-27T00:10:00Z'))).toBe('Yesterday');
  });
});

/** A channel as stream-chat holds it, with only what the preview reads. */
const channel = (fields: { name?: string; members: { id: string; name?: string; image?: string }[]; last?: Record<string, unknown>; unread?: number }) =>
  ({
    data: fields.name ? { name: fields.name } : {},
    state: {
      members: Object.fromEntries(fields.members.map((user) => [user.id, { user }])),
      latestMessages: fields.last ? [{ created_at: new Date('2026-11-26T17:00:00Z'), attachments: [], ...fields.last }] : [],
    },
    countUnread: () => fields.unread ?? 0,
  }) as unknown as Channel;

const ada = { id: 'ada', name: 'Ada Lovelace' };
const grace = { id: 'grace', name: 'Grace Hopper', image: 'https://example.org/grace.webp' };

describe('previewOf', () => {
  it('names a one-to-one after the other member, with their photo; no sender for their messages, "You" for mine', () => {
    const theirs = previewOf(channel({ members: [ada, grace], last: { text: 'Hello', user: grace }, unread: 2 }), 'ada');
    expect(theirs).toMatchObject({ title: 'Grace Hopper', image: grace.image, unread: 2, kind: 'text', text: 'Hello', author: 'Grace Hopper', sender: undefined });
    const mine = previewOf(channel({ members: [ada, grace], last: { text: 'Hi', user: ada } }), 'ada');
    expect(mine).toMatchObject({ author: 'You', sender: 'You' });
  });

  it('names a group by its name, else by the others, and says who wrote the last message', () => {
    const katherine = { id: 'katherine', name: 'Katherine Johnson' };
    expect(previewOf(channel({ name: 'Circle', members: [ada, grace, katherine], last: { text: 'Hi', user: grace } }), 'ada')).toMatchObject({ title: 'Circle', image: undefined, sender: 'Grace Hopper' });
    expect(previewOf(channel({ members: [ada, grace, katherine] }), 'ada')).toMatchObject({ title: 'Grace Hopper, Katherine Johnson', kind: 'empty', text: 'No messages yet', at: undefined });
  });

  it('says what a message without words is', () => {
    const of = (last: Record<string, unknown>) => previewOf(channel({ members: [ada, grace], last: { user: grace, ...last } }), 'ada');
    expect(of({ type: 'deleted', text: 'secret' })).toMatchObject({ kind: 'deleted', text: 'Message deleted' });
    expect(of({ attachments: [{ type: 'image' }] })).toMatchObject({ kind: 'attachment', text: 'Photo' });
    expect(of({ attachments: [{ type: 'file' }, { type: 'image' }] })).toMatchObject({ kind: 'attachment', text: '2 attachments' });
    expect(of({ poll: { name: 'When shall we meet?' } })).toMatchObject({ kind: 'poll', text: 'Poll: When shall we meet?' });
    expect(of({ type: 'error', text: 'Hi' })).toMatchObject({ kind: 'error', text: 'Message failed to send' });
  });
});

describe('accessibleName', () => {
  const preview: ChannelPreview = { title: 'Grace Hopper', image: undefined, unread: 1, kind: 'text', text: 'See you then!', author: 'Grace Hopper', sender: undefined, at: 0 };
  it('reads name, time, unread count and last message as sentences, in the order the row shows them', () => {
    expect(accessibleName(preview, '18:02')).toBe('Grace Hopper. 18:02. 1 unread message. Last message from Grace Hopper: See you then!');
    expect(accessibleName({ ...preview, unread: 3, text: 'Hi', author: undefined }, undefined)).toBe('Grace Hopper. 3 unread messages. Last message: Hi');
    expect(accessibleName({ ...preview, unread: 0, kind: 'empty', text: 'No messages yet', author: undefined }, undefined)).toBe('Grace Hopper. No messages yet');
  });
});

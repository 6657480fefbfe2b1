import { describe, expect, it } from 'vitest';
import { handsInCall, lowerHand, raiseHand } from './handQueue';

const ada = { userId: 'ada', name: 'Ada', permissions: ['send-audio'] };
const mary = { userId: 'mary', name: 'Mary', permissions: ['send-audio', 'send-video'] };

describe('the queue of raised hands', () => {
  it('keeps the order hands were raised in, and a hand raised again keeps its place with both requests', () => {
    const queue = raiseHand(raiseHand(raiseHand([], ada), mary), { ...ada, permissions: ['send-video'] });
    expect(queue.map((hand) => hand.userId)).toEqual(['ada', 'mary']);
    expect(queue[0]!.permissions).toEqual(['send-audio', 'send-video']);
  });

  it('drops a hand once answered, and shows only those still in the call', () => {
    const queue = raiseHand(raiseHand([], ada), mary);
    expect(lowerHand(queue, 'ada')).toEqual([mary]);
    expect(handsInCall(queue, new Set(['mary', 'grace']))).toEqual([mary]);
  });
});

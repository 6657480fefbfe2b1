import { describe, expect, it } from 'vitest';
import { intersectSpans, mergeSpans } from './spans';

describe('spans', () => {
  it('merge into sorted, disjoint spans, joining touching ones, without changing their input', () => {
    const input = [{ start: 5, end: 8 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 7 }];
    expect(mergeSpans(input)).toEqual([{ start: 1, end: 4 }, { start: 5, end: 8 }]);
    expect(input[0]).toEqual({ start: 5, end: 8 });
  });

  it('intersect where both lists cover, leaving out mere touches', () => {
    expect(intersectSpans([{ start: 0, end: 10 }, { start: 20, end: 30 }], [{ start: 5, end: 25 }, { start: 30, end: 40 }])).toEqual([
      { start: 5, end: 10 },
      { start: 20, end: 25 },
    ]);
    expect(intersectSpans([{ start: 0, end: 5 }], [])).toEqual([]);
  });
});

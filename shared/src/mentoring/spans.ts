/**
 * Spans on one line (epoch milliseconds for booking slots, minutes of the week for matching): start
 * inclusive, end exclusive. The two operations both callers need, written once.
 */
export interface Span {
  start: number;
  end: number;
}

/** The spans (any order, may overlap) as a sorted list of disjoint ones; the input is left as it was. */
export const mergeSpans = <S extends Span>(spans: readonly S[]): Span[] => {
  const sorted = spans.map(({ start, end }) => ({ start, end })).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push(span);
  }
  return merged;
};

/** Where two sorted lists of disjoint spans overlap. */
export const intersectSpans = (a: readonly Span[], b: readonly Span[]): Span[] => {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (start < end) out.push({ start, end });
    if (a[i]!.end < b[j]!.end) i += 1;
    else j += 1;
  }
  return out;
};

/**
 * Stream's query filters (MongoDB-like) over a flat view of a call: implicit equality, $eq, $ne, $in, $nin,
 * $gt/$gte/$lt/$lte, $exists, $and, $or. An array field (members) matches when any element matches.
 */
type Filter = Record<string, unknown>;

const compare = (actual: unknown, op: string, expected: unknown): boolean => {
  if (Array.isArray(actual) && op !== '$exists') return actual.some((item) => compare(item, op, expected));
  switch (op) {
    case '$eq': return actual === expected;
    case '$ne': return actual !== expected;
    case '$in': return Array.isArray(expected) && expected.includes(actual);
    case '$nin': return Array.isArray(expected) && !expected.includes(actual);
    case '$gt': return actual !== undefined && String(actual) > String(expected);
    case '$gte': return actual !== undefined && String(actual) >= String(expected);
    case '$lt': return actual !== undefined && String(actual) < String(expected);
    case '$lte': return actual !== undefined && String(actual) <= String(expected);
    case '$exists': return (actual !== undefined && actual !== null) === Boolean(expected);
    default: throw Object.assign(new Error(`operator ${op} is not imitated`), { status: 400, code: 4 });
  }
};

export const matchesFilter = (view: Record<string, unknown>, filter: Filter): boolean =>
  Object.entries(filter).every(([key, condition]) => {
    if (key === '$and') return (condition as Filter[]).every((f) => matchesFilter(view, f));
    if (key === '$or') return (condition as Filter[]).some((f) => matchesFilter(view, f));
    const actual = view[key];
    if (condition !== null && typeof condition === 'object' && !Array.isArray(condition)) {
      return Object.entries(condition as Filter).every(([op, expected]) => compare(actual, op, expected));
    }
    return compare(actual, '$eq', condition);
  });

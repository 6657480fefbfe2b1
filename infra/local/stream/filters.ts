import { StreamApiError } from './errors';

/**
 * Stream's query filters (MongoDB-like: $eq, $in, $nin, $ne, $gt…, $exists, $contains, $autocomplete, $and/$or/$nor)
 * over a flat document, as chat's queryChannels, queryUsers and search and video's queryCalls take them. An array
 * field (a channel's or a call's members) matches when any of its values does ($ne and $nin: when none does).
 */
export type Filter = Record<string, unknown>;

/** An ISO 8601 date or timestamp, as Stream's fields (created_at, starts_at…) and the clients' filters carry them. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const instant = (value: unknown) => (typeof value === 'string' && ISO_DATE.test(value) ? Date.parse(value) : Number.NaN);

/**
 * How two values order: numbers and booleans by value (9 before 10), two dates by the instant they name (so
 * `10:00:00Z`, `10:00:00.000Z` and `11:00:00+01:00` are one time), any other strings by collation.
 */
export const compareValues = (a: unknown, b: unknown): number => {
  if ((typeof a === 'number' && typeof b === 'number') || (typeof a === 'boolean' && typeof b === 'boolean')) return Number(a) - Number(b);
  const [left, right] = [instant(a), instant(b)];
  if (!Number.isNaN(left) && !Number.isNaN(right)) return left - right;
  return String(a).localeCompare(String(b));
};

/** A range compares like with like, as Stream does: a number with a number, a string (or date) with a string. */
const comparable = (a: unknown, b: unknown) => typeof a === typeof b && (typeof a === 'number' || typeof a === 'string' || typeof a === 'boolean');

const inRange = (values: unknown[], operand: unknown, holds: (order: number) => boolean) =>
  values.some((v) => comparable(v, operand) && holds(compareValues(v, operand)));

/** Equality, with two dates equal when they name one instant. */
const same = (a: unknown, b: unknown) => a === b || (typeof a === 'string' && typeof b === 'string' && instant(a) === instant(b));

const words = (value: unknown) => String(value ?? '').toLowerCase().split(/[^\p{L}\p{N}@_-]+/u).filter(Boolean);

const opMatches = (value: unknown, op: string, operand: unknown): boolean => {
  const values = Array.isArray(value) ? value : [value];
  switch (op) {
    case '$eq':
      return Array.isArray(value) && Array.isArray(operand) ? JSON.stringify([...value].sort()) === JSON.stringify([...operand].sort()) : values.some((v) => same(v, operand));
    case '$ne':
      return !values.some((v) => same(v, operand));
    case '$in':
      return Array.isArray(operand) && values.some((v) => operand.some((o) => same(v, o)));
    case '$nin':
      return !Array.isArray(operand) || !values.some((v) => operand.some((o) => same(v, o)));
    case '$gt':
      return inRange(values, operand, (order) => order > 0);
    case '$gte':
      return inRange(values, operand, (order) => order >= 0);
    case '$lt':
      return inRange(values, operand, (order) => order < 0);
    case '$lte':
      return inRange(values, operand, (order) => order <= 0);
    case '$exists':
      return (value !== undefined && value !== null) === Boolean(operand);
    case '$contains':
      return Array.isArray(value) && value.includes(operand);
    case '$autocomplete':
    case '$q': {
      const wanted = words(operand);
      const have = values.flatMap(words);
      return wanted.every((w) => have.some((h) => h.startsWith(w)));
    }
    default:
      throw new StreamApiError('inputError', `filter operator ${op} is not imitated by the local Stream stand-in`);
  }
};

export const matchesFilter = (doc: Record<string, unknown>, filter: Filter | undefined): boolean => {
  if (!filter) return true;
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '$and') return (condition as Filter[]).every((f) => matchesFilter(doc, f));
    if (field === '$or') return (condition as Filter[]).some((f) => matchesFilter(doc, f));
    if (field === '$nor') return !(condition as Filter[]).some((f) => matchesFilter(doc, f));
    const value = doc[field];
    if (condition && typeof condition === 'object' && !Array.isArray(condition) && Object.keys(condition).every((k) => k.startsWith('$'))) {
      return Object.entries(condition).every(([op, operand]) => opMatches(value, op, operand));
    }
    return opMatches(value, '$eq', condition);
  });
};

export type Sort = { field: string; direction: number }[];

/** Stream takes a sort as [{field, direction}]; older clients send {field: direction}. */
export const normaliseSort = (sort: unknown): Sort => {
  if (Array.isArray(sort)) return sort as Sort;
  if (sort && typeof sort === 'object') return Object.entries(sort).map(([field, direction]) => ({ field, direction: Number(direction) }));
  return [];
};

export const sortBy = <T>(items: T[], sort: Sort, value: (item: T, field: string) => unknown) =>
  [...items].sort((a, b) => {
    for (const { field, direction } of sort) {
      const left = value(a, field);
      const right = value(b, field);
      if (left === right) continue;
      if (left === undefined) return 1;
      if (right === undefined) return -1;
      return compareValues(left, right) * (direction < 0 ? -1 : 1);
    }
    return 0;
  });

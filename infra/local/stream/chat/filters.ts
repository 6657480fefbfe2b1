import { StreamApiError } from '../errors';

/**
 * Stream's query filters (MongoDB-like: $eq, $in, $nin, $ne, $gt…, $exists, $autocomplete, $and/$or/$nor) over a
 * flat document, as queryChannels and queryUsers take them. An array field (a channel's members) matches when any
 * of its values does.
 */
export type Filter = Record<string, unknown>;

const compare = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)));

const words = (value: unknown) => String(value ?? '').toLowerCase().split(/[^\p{L}\p{N}@_-]+/u).filter(Boolean);

const opMatches = (value: unknown, op: string, operand: unknown): boolean => {
  const values = Array.isArray(value) ? value : [value];
  switch (op) {
    case '$eq':
      return Array.isArray(value) && Array.isArray(operand) ? JSON.stringify([...value].sort()) === JSON.stringify([...operand].sort()) : values.some((v) => v === operand);
    case '$ne':
      return !values.some((v) => v === operand);
    case '$in':
      return Array.isArray(operand) && values.some((v) => operand.includes(v));
    case '$nin':
      return !Array.isArray(operand) || !values.some((v) => operand.includes(v));
    case '$gt':
      return value !== undefined && compare(value, operand) > 0;
    case '$gte':
      return value !== undefined && compare(value, operand) >= 0;
    case '$lt':
      return value !== undefined && compare(value, operand) < 0;
    case '$lte':
      return value !== undefined && compare(value, operand) <= 0;
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
      return compare(left, right) * (direction < 0 ? -1 : 1);
    }
    return 0;
  });

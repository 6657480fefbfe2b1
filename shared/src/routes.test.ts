import { describe, expect, it } from 'vitest';
import { routeIn, type RouteTable } from './routes/contract';
import { route, routeList, routes, routeSlices } from './routes';

describe('the route table', () => {
  it('is its slices, each key in exactly one of them', () => {
    const sliceKeys = Object.values(routeSlices as Record<string, RouteTable>).flatMap((slice) => Object.keys(slice));
    expect(new Set(sliceKeys).size).toBe(sliceKeys.length);
    expect(sliceKeys.sort()).toEqual(Object.keys(routes).sort());
    expect(routeList()).toHaveLength(sliceKeys.length);
  });

  it("gives a handler the same entry from its slice as from the whole table", () => {
    const fromSlice = routeIn(routeSlices.stream, 'GET /api/chat/getOrCreateToken');
    expect(fromSlice).toEqual(route('GET /api/chat/getOrCreateToken'));
    expect(fromSlice).toMatchObject({ key: 'GET /api/chat/getOrCreateToken', method: 'GET', path: '/api/chat/getOrCreateToken', auth: 'optional' });
    expect(fromSlice.query).toBe(routes['GET /api/chat/getOrCreateToken'].query);
  });
});

import { describe, expect, it } from 'vitest';
import { IDEMPOTENT_ROUTES } from './idempotent-routes';
import { IDEMPOTENCY_ACTIONS, routeList } from './routes';

describe('the creates a client may retry', () => {
  it('are creates of the contract, and the accept (a transition whose repeat answers the mentorship it made)', () => {
    const byKey = new Map(routeList().map((route) => [route.key as string, route]));
    const transitions = ['POST /api/mentorships/{id}/accept'];
    for (const key of IDEMPOTENT_ROUTES) {
      const status = transitions.includes(key) ? undefined : 201;
      expect({ key, method: byKey.get(key)?.method, status: byKey.get(key)?.status }).toEqual({ key, method: 'POST', status });
    }
  });

  it('are exactly the routes granted the idempotency table, with what Powertools does to it', () => {
    const granted = routeList().filter((route) => route.needs.tables?.idempotency);
    expect(granted.map((route) => route.key).sort()).toEqual([...IDEMPOTENT_ROUTES].sort());
    for (const route of granted) expect(route.needs.tables?.idempotency).toEqual(IDEMPOTENCY_ACTIONS);
  });
});

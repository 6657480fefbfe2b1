import { api, postJson } from './api';
import { bearer } from './auth';

/** A signed-in member's call of the API and its parsed answer, error shape included. */
export type Answer<T> = { status: number; body: T & { error?: { code: string; message: string; reason?: string; issues?: unknown[] } } };

const answer = async <T>(response: Response): Promise<Answer<T>> => ({ status: response.status, body: (await response.json()) as Answer<T>['body'] });

export const post = async <T>(path: string, token: string, body: unknown = {}) => answer<T>(await postJson(path, body, bearer(token)));
export const put = async <T>(path: string, token: string, body: unknown) =>
  answer<T>(await api(path, { method: 'PUT', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) }));
export const get = async <T>(path: string, token: string) => answer<T>(await api(path, { headers: bearer(token) }));

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A start `days` ahead, on the quarter hour (the schedule form's steps). */
export const inDays = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / (15 * 60_000)) * 15 * 60_000).toISOString();

/** A workshop's schedule form, three days ahead, with whatever a test changes. */
export const workshop = (overrides: Record<string, unknown> = {}) => ({
  kind: 'workshop',
  title: 'Interviews without fear',
  description: 'How a technical interview goes, and how to prepare.',
  topics: ['Job search and interviews'],
  startsAt: inDays(3),
  durationMinutes: 60,
  capacity: 5,
  audience: 'all',
  coHostIds: [],
  speakerIds: [],
  ...overrides,
});

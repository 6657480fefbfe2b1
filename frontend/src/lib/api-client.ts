/**
 * The SPA's one way to call the API, typed from the contract in shared/src/routes.ts. Only types come from
 * there (no zod reaches the browser): a route key such as 'POST /api/feedback' names the method and the
 * path, so the client needs nothing else at run time.
 */
import type { ConflictReason, ErrorBody, ErrorCode } from '@mentoring/shared/errors';
import { isIdempotentRoute } from '@mentoring/shared/idempotent-routes';
import type { ApiAnswer, ApiBody, ApiParams, ApiQuery, ApiRouteKey } from '@mentoring/shared/routes';

/** Any failed call: the documented error shape read into one type, or words of our own when there was none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly issues?: unknown[],
    /** On a 409: which guard refused (shared/src/errors.ts), so a page can offer the next step. */
    readonly reason?: ConflictReason,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const fallbackMessages: Record<number, string> = {
  401: 'Your sign-in has expired. Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'We could not find that.',
  413: 'That is too large to send.',
  429: 'Too many requests just now. Please wait a moment and try again.',
};
const fallbackMessage = (status: number) => fallbackMessages[status] ?? 'Something went wrong on our side. Please try again.';
export const networkMessage = 'We could not reach the server. Check your connection and try again.';

type Part<Name extends string, T> = [T] extends [undefined] ? { [P in Name]?: undefined } : { [P in Name]: T };
export type ApiInput<K extends ApiRouteKey> = Part<'params', ApiParams<K>> & Part<'query', ApiQuery<K>> & Part<'body', ApiBody<K>>;
type Needed<K extends ApiRouteKey> = object extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

let idTokenSource: () => Promise<string | null> = async () => null;

/** The auth feature registers where the member's ID token comes from; until then calls go anonymously. */
export const setIdTokenSource = (source: () => Promise<string | null>) => {
  idTokenSource = source;
};

const pathOf = (template: string, params: Record<string, string> | undefined) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });

const queryOf = (query: Record<string, unknown> | undefined) => {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  return entries.length ? `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}` : '';
};

const readError = async (response: Response) => {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const error = body?.error;
  // An answer outside the documented shape (a proxy's 502, a gateway's own 401) still reads as words.
  if (!error || typeof error.message !== 'string') return new ApiError(response.status, 'internal', fallbackMessage(response.status));
  return new ApiError(response.status, error.code, error.message, error.issues, error.reason);
};

/** Answers after which a create's outcome is unknown: it may have been stored, so only a keyed retry is safe. */
const LOST_ANSWER_STATUSES = new Set([502, 503, 504]);
/** Long enough for a dependency's hiccup to pass, short enough that the member is still looking at the button. */
export const RETRY_DELAY_MS = 1000;

/**
 * Calls one route of the contract: the member's ID token attached when signed in, the answer typed by its schema.
 * A create a client may retry (shared/src/idempotent-routes.ts) carries an Idempotency-Key, and is tried once more
 * with the same key when its answer was lost: the server stores it once and replays the first answer.
 */
export const api = async <K extends ApiRouteKey>(key: K, ...[input]: Needed<K>): Promise<ApiAnswer<K>> => {
  const [method, template] = key.split(' ') as [string, string];
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  const url = `${pathOf(template, params)}${queryOf(query)}`;
  const idempotencyKey = isIdempotentRoute(key) ? crypto.randomUUID() : undefined;
  const attempt = async () => {
    const token = await idTokenSource();
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    try {
      return await fetch(url, {
        method,
        headers,
        // The spec's feedback call is made "with credentials"; on one origin this is what same-origin does anyway.
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      return null;
    }
  };
  let response = await attempt();
  if (idempotencyKey && (response === null || LOST_ANSWER_STATUSES.has(response.status))) {
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    response = await attempt();
  }
  if (response === null) throw new ApiError(0, 'network', networkMessage);
  if (!response.ok) throw await readError(response);
  return (await response.json()) as ApiAnswer<K>;
};

/** What to tell a member about any error a page caught. */
export const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : fallbackMessage(500));

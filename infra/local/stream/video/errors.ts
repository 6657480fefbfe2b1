/** Stream's error body (`APIError`), which the clients parse: `code` is Stream's numeric code, `StatusCode` the HTTP status. */
export class StreamApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  body() {
    return { code: this.code, message: this.message, StatusCode: this.status, duration: '0.00ms', more_info: '', details: [] as number[] };
  }
}

export const badRequest = (message: string) => new StreamApiError(400, 4, message);
export const notAllowed = (message: string) => new StreamApiError(403, 17, message);
export const notFound = (message: string) => new StreamApiError(404, 16, message);
export const notImitated = (what: string) =>
  new StreamApiError(501, 4, `${what} is not imitated by the local Stream stand-in`);

/**
 * An error as Stream's: the injected verifiers throw errors carrying Stream's numeric `code` and HTTP `status`;
 * anything else is the stand-in's own failure (500).
 */
export const asStreamError = (error: unknown): StreamApiError => {
  if (error instanceof StreamApiError) return error;
  const e = error as { status?: number; StatusCode?: number; code?: unknown; message?: string };
  if (typeof e?.code === 'number') return new StreamApiError(e.status ?? e.StatusCode ?? 400, e.code, e.message ?? 'Request refused');
  return new StreamApiError(500, -1, `The local Stream stand-in failed: ${e?.message ?? String(error)}`);
};

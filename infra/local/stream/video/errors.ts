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

/** Whatever an injected verifier threw, as Stream's error (the deps throw errors carrying status and code). */
export const asStreamError = (error: unknown): StreamApiError => {
  if (error instanceof StreamApiError) return error;
  const e = error as { status?: number; StatusCode?: number; code?: number; message?: string };
  return new StreamApiError(e.status ?? e.StatusCode ?? 401, typeof e.code === 'number' ? e.code : 5, e.message ?? 'Unauthorized');
};

/**
 * Stream's error envelope, as its REST API and its WebSocket answer it (getstream.io/chat/docs/api_errors_response):
 * the SDKs read `code` (Stream's own numbers: 40 is an expired token, which makes stream-chat fetch a new one) and
 * `StatusCode`, so both must be Stream's.
 */
export const STREAM_ERROR_CODES = {
  inputError: { code: 4, status: 400 },
  authenticationFailed: { code: 5, status: 401 },
  accessKeyError: { code: 2, status: 401 },
  tokenExpired: { code: 40, status: 401 },
  tokenNotValidYet: { code: 41, status: 401 },
  tokenUsedBeforeIssuedAt: { code: 42, status: 401 },
  tokenSignatureInvalid: { code: 43, status: 401 },
  doesNotExist: { code: 16, status: 404 },
  notAllowed: { code: 17, status: 403 },
  multipleNestingLevel: { code: 21, status: 400 },
  /** "Channel Feature Not Supported": a chat feature off for the app; the stand-in answers it for the ones it does not imitate. */
  featureNotSupported: { code: 19, status: 400 },
  /** Stream answers a missing Authorization header as an input error, with 401. */
  missingAuthorization: { code: 4, status: 401 },
  /** A video endpoint the stand-in knows of but does not imitate (501, so it is never mistaken for a refusal). */
  notImitated: { code: 4, status: 501 },
  internal: { code: -1, status: 500 },
} as const;

export type StreamErrorKind = keyof typeof STREAM_ERROR_CODES;
type StreamErrorCode = { readonly code: number; readonly status: number };

export const MORE_INFO = 'https://getstream.io/chat/docs/api_errors_response';

export class StreamApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(
    /** One of Stream's kinds, or a code and status another part of Stream gave (a verifier's, a socket's). */
    kind: StreamErrorKind | StreamErrorCode,
    /** The reason alone; the endpoint's name is put in front of it when answered, as Stream does. */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'StreamApiError';
    const { code, status } = typeof kind === 'string' ? STREAM_ERROR_CODES[kind] : kind;
    this.code = code;
    this.status = status;
  }
}

/** `{code, message, StatusCode, duration, more_info, details}`; the message reads `<Endpoint> failed with error: "<reason>"`. */
export const errorBody = (error: StreamApiError, endpoint?: string) => ({
  code: error.code,
  message: endpoint ? `${endpoint} failed with error: "${error.reason}"` : error.reason,
  StatusCode: error.status,
  duration: '0.00ms',
  more_info: MORE_INFO,
  details: [] as number[],
});

export const badRequest = (reason: string) => new StreamApiError('inputError', reason);
export const notAllowed = (reason: string) => new StreamApiError('notAllowed', reason);
export const notFound = (reason: string) => new StreamApiError('doesNotExist', reason);

/**
 * An error as Stream's: what is thrown with Stream's numeric `code` and HTTP `status` (a token verifier's, the
 * coordinator socket's) keeps them; anything else is the stand-in's own failure (500), never a refusal of the caller.
 */
export const asStreamError = (error: unknown): StreamApiError => {
  if (error instanceof StreamApiError) return error;
  const e = error as { status?: number; StatusCode?: number; code?: unknown; message?: string } | undefined;
  if (typeof e?.code === 'number') return new StreamApiError({ code: e.code, status: e.status ?? e.StatusCode ?? 400 }, e.message ?? 'Request refused');
  return new StreamApiError('internal', `The local Stream stand-in failed: ${e?.message ?? String(error)}`);
};

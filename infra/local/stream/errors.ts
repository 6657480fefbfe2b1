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
  internal: { code: -1, status: 500 },
} as const;

export type StreamErrorKind = keyof typeof STREAM_ERROR_CODES;

export const MORE_INFO = 'https://getstream.io/chat/docs/api_errors_response';

export class StreamApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(
    readonly kind: StreamErrorKind,
    /** The reason alone; the endpoint's name is put in front of it when answered, as Stream does. */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'StreamApiError';
    this.code = STREAM_ERROR_CODES[kind].code;
    this.status = STREAM_ERROR_CODES[kind].status;
  }
}

/** `{code, message, StatusCode, duration, more_info}`; the message reads `<Endpoint> failed with error: "<reason>"`. */
export const errorBody = (error: StreamApiError, endpoint?: string) => ({
  code: error.code,
  message: endpoint ? `${endpoint} failed with error: "${error.reason}"` : error.reason,
  StatusCode: error.status,
  duration: '0.00ms',
  more_info: MORE_INFO,
});

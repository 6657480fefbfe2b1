/**
 * The SPA's Content-Security-Policy: its own origin (SPA and /api/* share it), Stream's hosted chat and
 * video (REST + WebSocket, the SFUs and their location hint, the CDN serving avatars and attachments),
 * the stage's Cognito user pool endpoint and the call archive's presigned S3 links. Nothing else may load or connect.
 */
export const STREAM_CONNECT_SOURCES = [
  'https://chat.stream-io-api.com',
  'wss://chat.stream-io-api.com',
  'https://video.stream-io-api.com',
  'wss://video.stream-io-api.com',
  'https://*.stream-io-video.com',
  'wss://*.stream-io-video.com',
] as const;

export const STREAM_MEDIA_SOURCES = ['https://*.stream-io-cdn.com'] as const;

export const cognitoSource = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;

/** The call archive's presigned links (recordings play in <video>, transcripts are fetched and read). */
export const archiveSource = (region: string) => `https://*.s3.${region}.amazonaws.com`;

export const contentSecurityPolicy = (region: string) =>
  Object.entries({
    'default-src': ["'self'"],
    // The noise-cancellation filter compiles WebAssembly; no eval of scripts is allowed.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    // Stream's React components set inline styles; scripts stay strictly same-origin.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...STREAM_MEDIA_SOURCES],
    'media-src': ["'self'", 'blob:', ...STREAM_MEDIA_SOURCES, archiveSource(region)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...STREAM_CONNECT_SOURCES, cognitoSource(region), archiveSource(region)],
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/**
 * The security headers every response of the site carries: CloudFront's response headers policy (infra web
 * stack) and the local stage's server are both built from this one definition, so the two cannot drift.
 * Pure and free of Node and zod.
 */

/** Stream's hosted chat and video: REST + WebSocket, the SFUs and their location hint. */
export const STREAM_CONNECT_SOURCES = [
  'https://chat.stream-io-api.com',
  'wss://chat.stream-io-api.com',
  'https://video.stream-io-api.com',
  'wss://video.stream-io-api.com',
  'https://*.stream-io-video.com',
  'wss://*.stream-io-video.com',
] as const;

/** The CDN serving Stream's avatars and attachments. */
export const STREAM_MEDIA_SOURCES = ['https://*.stream-io-cdn.com'] as const;

export const cognitoOrigin = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;

/** Where a bucket's presigned links point (virtual-hosted style, as the SDK signs them): that one bucket only. */
export const bucketOrigin = (bucketName: string, region: string) => `https://${bucketName}.s3.${region}.amazonaws.com`;
export const archiveBucketOrigin = bucketOrigin;

export interface CspOrigins {
  /** The stage's Cognito user pool endpoint. */
  cognito: string;
  /** The call archive bucket's origin: recordings play in <video>, transcripts are fetched. */
  archive: string;
  /** The media bucket, where the SPA POSTs a photo with a presigned POST (connect-src only; photos are served same-origin). */
  uploads?: string;
  /** The local stage's Stream stand-in (http://127.0.0.1:<port>): its API, socket, uploads and media. Never in AWS. */
  stream?: string;
}

/** The stand-in's origin for each directive: its API and uploads over HTTP, its sockets over ws. */
const localStreamSources = (origin: string | undefined) => (origin ? [origin, origin.replace(/^http/, 'ws')] : []);

/**
 * The SPA's Content-Security-Policy: its own origin (SPA and /api/* share it), Stream, the stage's Cognito
 * endpoint, the archive bucket and (for photo uploads only) the media bucket. Nothing else may load or connect,
 * and no page may frame it.
 */
export const contentSecurityPolicy = (origins: CspOrigins) =>
  Object.entries({
    'default-src': ["'self'"],
    // The noise-cancellation filter compiles WebAssembly and loads its audio worklet from a blob: URL the SDK makes
    // (only script already running here can make one, so it opens no way in that 'self' does not); no eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'", 'blob:'],
    // Stream's React components set inline styles; scripts stay strictly same-origin.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...STREAM_MEDIA_SOURCES, ...(origins.stream ? [origins.stream] : [])],
    'media-src': ["'self'", 'blob:', ...STREAM_MEDIA_SOURCES, origins.archive, ...(origins.stream ? [origins.stream] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...STREAM_CONNECT_SOURCES, origins.cognito, origins.archive, ...(origins.uploads ? [origins.uploads] : []), ...localStreamSources(origins.stream)],
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/** Two years, with subdomains and preload (the policy's HSTS). */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';
/** Video calls need the camera, microphone and screen sharing; nothing else does. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()';

/** The headers exactly as a browser receives them from CloudFront (names lower-case). */
export const securityHeaders = (origins: CspOrigins): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy(origins),
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'x-frame-options': FRAME_OPTIONS,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
});

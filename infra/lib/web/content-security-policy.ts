/** The security headers live in shared/src/security-headers.ts, which the local stage's server reads too. */
export {
  archiveBucketOrigin,
  cognitoOrigin,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  STREAM_CONNECT_SOURCES,
  STREAM_MEDIA_SOURCES,
} from '@mentoring/shared';

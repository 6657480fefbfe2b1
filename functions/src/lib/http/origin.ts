import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '@mentoring/shared';
import { HttpError } from './errors';
import { header } from './middlewares';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares in constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && timingSafeEqual(digest(given), digest(expected));

/**
 * Refuses, before anything else runs, a request that did not come through CloudFront: CloudFront adds the
 * stage's secret in ORIGIN_VERIFY_HEADER (overwriting any a viewer sent), the execute-api endpoint called
 * directly has none. So the headers policy, the access logs and WAF's limits cannot be bypassed. Functions
 * get the expected value in ORIGIN_VERIFY_SECRET (every API function in AWS and on the local stage); without
 * it (unit tests that call a handler directly) there is nothing to check.
 */
export const verifyOrigin = (): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: ({ event }) => {
    const expected = process.env[ORIGIN_VERIFY_ENV];
    if (!expected) return;
    if (!sameSecret(header(event, ORIGIN_VERIFY_HEADER), expected)) {
      throw new HttpError('forbidden', 'This API is only served through the site.');
    }
  },
});

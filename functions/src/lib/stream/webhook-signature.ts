import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stream signs a webhook with the hex HMAC-SHA256 of the raw (uncompressed) body, keyed by the API secret. */
export const signWebhook = (body: Buffer | string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

/** Constant-time comparison, so the answer time says nothing about how much of a forged signature was right. */
export const isValidWebhookSignature = (body: Buffer, signature: string | undefined, secret: string) => {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature.toLowerCase(), 'hex'), Buffer.from(signWebhook(body, secret), 'hex'));
};

/** Constant-time string equality for the API key header. */
export const safeEqual = (a: string | undefined, b: string) => {
  if (a === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

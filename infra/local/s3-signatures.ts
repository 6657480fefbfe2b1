import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Checksum, HttpRequest, SourceData } from '@smithy/types';

/**
 * SigV4 verification for the local S3 (s3rver accepts unsigned requests and does not check V4 signatures at
 * all): the request is signed again with the local credentials by @smithy/signature-v4, the signer the AWS SDK
 * itself uses, over exactly what the caller says it signed, and the two signatures are compared. Refused as
 * S3 refuses: no signature (the buckets are private), an unknown key, a wrong signature, and a presigned link
 * past its X-Amz-Expires (at most seven days) or dated in the future. Not checked: chunk signatures of
 * streamed uploads and the payload's hash (the signature over the headers that declare them still is).
 */

/** The SHA-256 the signer asks for, from node:crypto (an HMAC when given a secret). */
export class NodeSha256 implements Checksum {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: Uint8Array) {
    this.hash.update(data);
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset() {
    throw new Error('not used by the signer');
  }
}
const toBuffer = (data: SourceData) =>
  typeof data === 'string' ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export type Verdict = { ok: true } | { ok: false; code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError'; message: string };

const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;
/** S3 refuses a request dated more than 15 minutes off its clock. */
const CLOCK_SKEW_SECONDS = 15 * 60;

const parseAmzDate = (value: string | undefined) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
};

export const sameSignature = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Splits a raw query string as S3 reads it: decoded names and values, in order. */
const parseQuery = (raw: string) => {
  const query: Record<string, string | string[]> = {};
  for (const part of raw ? raw.split('&') : []) {
    const at = part.indexOf('=');
    const name = decodeURIComponent((at < 0 ? part : part.slice(0, at)).replace(/\+/g, '%20'));
    const value = at < 0 ? '' : decodeURIComponent(part.slice(at + 1).replace(/\+/g, '%20'));
    const existing = query[name];
    query[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
};

const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

export const verifyS3Request = async (
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  credentials: Credentials,
  { region, now = Date.now() }: { region: string; now?: number },
): Promise<Verdict> => {
  const [rawPath = '/', rawQuery = ''] = request.url.split(/\?(.*)/s);
  const query = parseQuery(rawQuery);
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = query['X-Amz-Algorithm'] !== undefined;
  if (!authorization && !presigned) return { ok: false, code: 'AccessDenied', message: 'Access Denied' };

  const fields = presigned
    ? {
        credential: query['X-Amz-Credential'],
        signedHeaders: query['X-Amz-SignedHeaders'],
        signature: query['X-Amz-Signature'],
        date: query['X-Amz-Date'],
      }
    : (() => {
        const match = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization!.trim());
        return { credential: match?.[1], signedHeaders: match?.[2], signature: match?.[3], date: headerValue(request.headers, 'x-amz-date') };
      })();
  const { credential, signedHeaders, signature, date } = fields;
  if (typeof credential !== 'string' || typeof signedHeaders !== 'string' || typeof signature !== 'string' || typeof date !== 'string') {
    return { ok: false, code: 'AuthorizationQueryParametersError', message: 'The request is not signed with AWS4-HMAC-SHA256.' };
  }
  if (presigned && query['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256') {
    return { ok: false, code: 'AuthorizationQueryParametersError', message: 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".' };
  }
  const [accessKeyId, scopeDate, scopeRegion, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return { ok: false, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  const signedAt = parseAmzDate(date);
  if (!signedAt || scopeDate !== date.slice(0, 8) || scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request') {
    return { ok: false, code: 'AuthorizationQueryParametersError', message: 'The credential scope does not match the request.' };
  }
  const ageSeconds = (now - signedAt.getTime()) / 1000;
  if (ageSeconds < -CLOCK_SKEW_SECONDS) return { ok: false, code: 'AccessDenied', message: 'Request is not valid yet' };
  if (presigned) {
    const expires = Number(query['X-Amz-Expires']);
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) {
      return { ok: false, code: 'AuthorizationQueryParametersError', message: 'X-Amz-Expires must be between 1 and 604800 seconds.' };
    }
    if (ageSeconds > expires) return { ok: false, code: 'AccessDenied', message: 'Request has expired' };
  } else if (ageSeconds > CLOCK_SKEW_SECONDS) {
    return { ok: false, code: 'AccessDenied', message: 'The difference between the request time and the current time is too large.' };
  }

  const names = signedHeaders.split(';');
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = headerValue(request.headers, name);
    if (value === undefined) return { ok: false, code: 'SignatureDoesNotMatch', message: `Signed header ${name} is missing.` };
    headers[name] = value;
  }
  const host = headers.host?.split(':');
  const toSign: HttpRequest = {
    method: request.method,
    protocol: 'http:',
    hostname: host?.[0] ?? '',
    port: host?.[1] ? Number(host[1]) : undefined,
    path: decodeURIComponent(rawPath),
    query: Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'X-Amz-Signature')),
    headers,
  };
  const signer = new SignatureV4({ credentials, region, service: 's3', sha256: NodeSha256, uriEscapePath: true, applyChecksum: false });
  let expected: string | undefined;
  if (presigned) {
    // As the SDK's S3 presigner signs: the payload is UNSIGNED-PAYLOAD and only the listed headers are signed.
    toSign.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
    const signed = await signer.presign(toSign, {
      signingDate: signedAt,
      expiresIn: Number(query['X-Amz-Expires']),
      unsignableHeaders: new Set(['x-amz-content-sha256']),
      unhoistableHeaders: new Set(['x-amz-content-sha256']),
    });
    expected = signed.query?.['X-Amz-Signature'] as string | undefined;
  } else {
    const signed = await signer.sign(toSign, { signingDate: signedAt });
    expected = /Signature=([0-9a-f]{64})/.exec(signed.headers.authorization ?? '')?.[1];
  }
  if (!expected || !sameSignature(expected, signature)) {
    return { ok: false, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return { ok: true };
};

import { createHmac } from 'node:crypto';
import { getSigningKey } from '@smithy/signature-v4';
import { NodeSha256, sameSignature, type Credentials } from './s3-signatures';

/**
 * What S3 checks of a browser upload (a POST of a multipart form to the bucket) before it stores anything, which
 * s3rver does not: the form carries a base64 policy signed with SigV4 (the signing key of the credential's
 * date, region and s3), the policy has not expired, every condition holds (exact values, starts-with, the
 * file's content-length-range, the URL's bucket), and every field the form sends is named by a condition.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

export type PostVerdict =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 403;
      code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'InvalidArgument' | 'InvalidPolicyDocument' | 'EntityTooLarge' | 'EntityTooSmall';
      message: string;
    };

export interface PostForm {
  /** The bucket the form was posted to (from the URL). */
  bucket: string;
  /** The form's fields before the file, their names lower-cased (S3 reads field names whatever their case). */
  fields: Map<string, string>;
  /** The file's size in bytes. */
  fileSize: number;
}

/** Fields S3 does not expect a condition for. */
const UNCONDITIONED = new Set(['x-amz-signature', 'file', 'policy']);

const refuse = (status: 400 | 403, code: Extract<PostVerdict, { ok: false }>['code'], message: string): PostVerdict => ({ ok: false, status, code, message });
const policyFailed = (why: string) => refuse(403, 'AccessDenied', `Invalid according to Policy: ${why}`);

type Condition =
  | { kind: 'match'; field: string; op: 'eq' | 'starts-with'; value: string }
  | { kind: 'length'; min: number; max: number };

/** A policy's conditions in one form; null when one of them is not a condition S3 knows. */
const parseConditions = (raw: unknown): Condition[] | null => {
  if (!Array.isArray(raw)) return null;
  const conditions: Condition[] = [];
  for (const entry of raw as unknown[]) {
    if (Array.isArray(entry)) {
      const [op, first, second] = entry as unknown[];
      if (typeof op !== 'string' || entry.length !== 3) return null;
      const operator = op.toLowerCase();
      if (operator === 'content-length-range') {
        if (!Number.isInteger(first) || !Number.isInteger(second)) return null;
        conditions.push({ kind: 'length', min: first as number, max: second as number });
      } else if ((operator === 'eq' || operator === 'starts-with') && typeof first === 'string' && first.startsWith('$') && typeof second === 'string') {
        conditions.push({ kind: 'match', field: first.slice(1).toLowerCase(), op: operator, value: second });
      } else {
        return null;
      }
    } else if (entry && typeof entry === 'object') {
      const pairs = Object.entries(entry as Record<string, unknown>);
      if (pairs.length !== 1 || typeof pairs[0]![1] !== 'string') return null;
      conditions.push({ kind: 'match', field: pairs[0]![0].toLowerCase(), op: 'eq', value: pairs[0]![1] as string });
    } else {
      return null;
    }
  }
  return conditions;
};

const decodePolicy = (policy: string) => {
  try {
    const document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { expiration?: unknown; conditions?: unknown };
    const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
    const conditions = parseConditions(document.conditions);
    return Number.isNaN(expiration) || !conditions ? null : { expiration, conditions };
  } catch {
    return null;
  }
};

export const verifyPostPolicy = async (form: PostForm, credentials: Credentials, { region, now = Date.now() }: { region: string; now?: number }): Promise<PostVerdict> => {
  const { fields } = form;
  const policy = fields.get('policy');
  // An anonymous POST: the buckets are private, so S3 refuses it as it refuses an unsigned GET.
  if (policy === undefined) return refuse(403, 'AccessDenied', 'Access Denied');
  const signature = fields.get('x-amz-signature');
  if (signature === undefined) return refuse(400, 'InvalidArgument', "Bucket POST must contain a field named 'X-Amz-Signature'.");
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') return refuse(400, 'InvalidArgument', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
  const [accessKeyId, scopeDate, scopeRegion, service, terminator] = (fields.get('x-amz-credential') ?? '').split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!/^\d{8}$/.test(scopeDate ?? '') || scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request' || !(fields.get('x-amz-date') ?? '').startsWith(scopeDate!)) {
    return refuse(400, 'InvalidArgument', 'The credential scope does not match the request.');
  }
  const signingKey = await getSigningKey(NodeSha256, credentials, scopeDate!, region, 's3');
  const expected = createHmac('sha256', signingKey).update(policy).digest('hex');
  if (!sameSignature(expected, signature)) {
    return refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  const document = decodePolicy(policy);
  if (!document) return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: the policy is not a POST policy S3 can read.');
  if (now > document.expiration) return policyFailed('Policy expired.');

  const values = new Map(fields);
  values.set('bucket', form.bucket);
  const conditioned = new Set<string>();
  for (const condition of document.conditions) {
    if (condition.kind === 'length') {
      if (form.fileSize > condition.max) return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (form.fileSize < condition.min) return refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      continue;
    }
    conditioned.add(condition.field);
    const value = values.get(condition.field) ?? '';
    const holds = condition.op === 'eq' ? value === condition.value : value.startsWith(condition.value);
    if (!holds) return policyFailed(`Policy Condition failed: ["${condition.op}", "$${condition.field}", "${condition.value}"]`);
  }
  const extra = [...fields.keys()].filter((name) => !UNCONDITIONED.has(name) && !name.startsWith('x-ignore-') && !conditioned.has(name));
  if (extra.length) return policyFailed(`Extra input fields: ${extra.join(', ')}`);
  return { ok: true };
};

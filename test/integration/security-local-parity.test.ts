import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, inject, it } from 'vitest';
import { securityHeaders, type RuntimeConfig } from '@mentoring/shared';
import { api } from './support/api';

/**
 * The local stage's own stand-ins behave as AWS's do where the product relies on it: its front sends CloudFront's
 * security headers (a deployed stage's are the smoke suite's), its s3rver refuses what S3 refuses. About the local
 * stage itself, so on the local stage as itself only (s3rver's endpoint is a local-only handle).
 */
describe('local stage parity with AWS', () => {
  const s3Endpoint = () => inject('s3Endpoint')!;

  it('sends the CloudFront policy\'s security headers, from the shared definition, on API and site answers', async () => {
    const config = (await (await api('/config.json')).json()) as RuntimeConfig & { cognito: { endpoint: string } };
    const expected = securityHeaders({ cognito: config.cognito.endpoint, archive: `${s3Endpoint()}/archive/`, uploads: `${s3Endpoint()}/media` });
    for (const path of ['/api/health', '/api/no-such-route', '/config.json', '/']) {
      const response = await api(path);
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)]));
      expect(sent, path).toEqual(expected);
    }
    // Exactly the archive bucket: not the media bucket, not the whole S3 endpoint.
    const csp = expected['content-security-policy']!;
    expect(csp).toContain(`${s3Endpoint()}/archive/`);
    expect(csp).not.toMatch(new RegExp(`${s3Endpoint().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|;|$)`));
    expect(csp).toContain("frame-ancestors 'none'");
  });

  describe('the local S3 refuses what S3 refuses', () => {
    const client = new S3Client({ endpoint: inject('s3Endpoint') ?? 'http://unused', region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, forcePathStyle: true });
    const key = `recordings/${randomUUID()}/secret.txt`;
    const other = `recordings/${randomUUID()}/other.txt`;
    const presign = (objectKey: string, expiresIn = 300, signingDate = new Date()) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: 'archive', Key: objectKey }), { expiresIn, signingDate });

    it('serves a correctly presigned link, and nothing unsigned, tampered, foreign or expired', async () => {
      await client.send(new PutObjectCommand({ Bucket: 'archive', Key: key, Body: 'member A only' }));
      await client.send(new PutObjectCommand({ Bucket: 'archive', Key: other, Body: 'member B only' }));
      const url = new URL(await presign(key));
      expect(await (await fetch(url)).text()).toBe('member A only');

      const unsigned = new URL(url.pathname, url.origin);
      const tampered = new URL(url.toString().replace(key, other));
      const badSignature = new URL(url);
      badSignature.searchParams.set('X-Amz-Signature', '0'.repeat(64));
      const longer = new URL(url);
      longer.searchParams.set('X-Amz-Expires', '604800');
      const foreignKey = new URL(url);
      foreignKey.searchParams.set('X-Amz-Credential', (url.searchParams.get('X-Amz-Credential') ?? '').replace(/^local/, 'someone-else'));
      const forgedHeader = new URL(url.pathname, url.origin);
      for (const [name, target, init] of [
        ['unsigned', unsigned, {}],
        ['another key under the same signature', tampered, {}],
        ['a wrong signature', badSignature, {}],
        ['a stretched expiry', longer, {}],
        ['an unknown access key', foreignKey, {}],
        ['a made-up Authorization header', forgedHeader, { headers: { authorization: `AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=${'a'.repeat(64)}`, 'x-amz-date': '20260101T000000Z' } }],
      ] as const) {
        const response = await fetch(target, init);
        expect(response.status, name).toBe(403);
        expect(await response.text(), name).not.toContain('member');
      }
    });

    it('refuses a presigned link once it has expired', async () => {
      await client.send(new PutObjectCommand({ Bucket: 'archive', Key: key, Body: 'member A only' }));
      // Signed two minutes ago for one minute: correct in every other way.
      const url = await presign(key, 60, new Date(Date.now() - 120_000));
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Request has expired');
    });
  });
});

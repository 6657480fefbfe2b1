import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { PUBLIC_PAGE_PATHS, securityHeaders, type RuntimeConfig } from '@mentoring/shared';

/*
 * Run after every deploy, prod included, so it reads and never writes: no member, no feedback, no item, nothing
 * an operator would have to clean out of the real programme. Every request goes through `get`, which can only GET.
 */
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${inject('smokeBaseUrl')}${path}`, { method: 'GET', headers, redirect: 'manual' });

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** The security headers CloudFront's policy adds (the local stage sends the same, from the same definition). */
const headerNames = Object.keys(securityHeaders({ cognito: 'https://cognito.example', archive: 'https://archive.example/', uploads: 'https://uploads.example' }));

const expectSecurityHeaders = (response: Response, what: string) => {
  for (const name of headerNames) expect(response.headers.get(name), `${name} on ${what}`).toBeTruthy();
  expect(response.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
};

describe('smoke: a deployed stage answers, and gives nothing away', () => {
  it('is healthy, and says which stage and version it runs', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', stage: expect.any(String), version: expect.any(String) });
    expectSecurityHeaders(response, '/api/health');
  });

  it.each(PUBLIC_PAGE_PATHS)('serves the public page %s as HTML, with the security headers', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/<html[\s\S]*<\/html>/i);
    expectSecurityHeaders(response, path);
  });

  it('tells the SPA where its user pool is, and no secret', async () => {
    const response = await get('/config.json');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect((JSON.parse(text) as RuntimeConfig).cognito?.userPoolId).toEqual(expect.any(String));
    expect(text).not.toMatch(/secret/i);
  });

  it('answers an unknown API route 404 in the documented error shape', async () => {
    const response = await get(`/api/no-such-route-${randomUUID().slice(0, 8)}`);
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('not_found');
    expectSecurityHeaders(response, 'an unknown route');
  });

  describe("the token endpoint's refusals", () => {
    const tokenPath = (query: Record<string, string>) => `/api/chat/getOrCreateToken?${new URLSearchParams(query)}`;

    it('refuses a guest without an invitation (401)', async () => {
      const response = await get(tokenPath({ streamChatUuid: `guest-${randomUUID()}`, isGuest: 'true' }));
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('unauthenticated');
    });

    it('refuses a guest id that is not guest-<uuid> (400)', async () => {
      const response = await get(tokenPath({ streamChatUuid: 'guest-mallory', isGuest: 'true' }));
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('validation_failed');
    });

    it('refuses a member without a token, and one with a token that does not verify (401)', async () => {
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }] as Record<string, string>[]) {
        const response = await get(tokenPath({ isGuest: 'false' }), headers);
        expect(response.status, JSON.stringify(headers)).toBe(401);
      }
    });

    it('refuses a signed-in route to a visitor (401)', async () => {
      const response = await get('/api/me');
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('unauthenticated');
    });
  });

  it("shows a visitor the mentor directory where the programme makes it public, and refuses it where it is for members", async () => {
    const programme = await get('/api/programme');
    expect(programme.status).toBe(200);
    const { directoryVisibility } = (await programme.json()) as { directoryVisibility: 'members' | 'public' };
    const directory = await get('/api/mentors');
    if (directoryVisibility === 'public') {
      expect(directory.status).toBe(200);
      expect(await directory.json()).toMatchObject({ mentors: expect.any(Array), total: expect.any(Number) });
    } else {
      expect(directoryVisibility).toBe('members');
      expect(directory.status).toBe(401);
    }
  });
});

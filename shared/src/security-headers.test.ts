import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
const origins = { cognito: 'http://127.0.0.1:9229', archive: 'http://127.0.0.1:4569/archive/' };

describe('contentSecurityPolicy and the local Stream stand-in', () => {
  it('lets the SPA reach the stand-in over HTTP and WebSocket, and show its uploads', () => {
    const csp = directives(contentSecurityPolicy({ ...origins, stream: 'http://127.0.0.1:4100' }));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:4100', 'ws://127.0.0.1:4100']));
    expect(csp['img-src']).toContain('http://127.0.0.1:4100');
    expect(csp['media-src']).toContain('http://127.0.0.1:4100');
    expect(csp['script-src']).not.toContain('http://127.0.0.1:4100');
  });

  it('names no local origin without one (every deployed stage)', () => {
    expect(contentSecurityPolicy(origins)).not.toMatch(/127\.0\.0\.1:4100|ws:\/\//);
  });
});

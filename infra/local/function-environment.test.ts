import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { route, routeList, type RouteDefinition } from '@mentoring/shared';
import { repoRoot } from '../lib/paths';
import { createApiGateway } from './api-gateway';
import { functionEnvironment, type StageEnvironment } from './function-environment';

const stage: StageEnvironment = {
  common: { AWS_REGION: 'us-east-1', STAGE: 'local', POWERTOOLS_LOG_LEVEL: 'ERROR', POWERTOOLS_METRICS_DISABLED: 'true' },
  cognito: { COGNITO_USER_POOL_ID: 'pool', COGNITO_CLIENT_ID: 'client' },
  tables: { feedback: 'feedback-table', webhookDeliveries: 'deliveries-table', calls: 'calls-table', members: 'members-table', mentorships: 'mentorships-table', sessions: 'sessions-table', safeguarding: 'safeguarding-table', programme: 'programme-table', idempotency: 'idempotency-table', notifications: 'notifications-table', groupSessions: 'group-sessions-table' },
  buckets: { archive: 'archive-bucket', media: 'media-bucket' },
  eventBusName: 'local-bus',
  secrets: { stream: { STREAM_API_KEY: 'key', STREAM_API_SECRET: 'secret' } },
  mailFrom: 'Test <no-reply@example.test>',
  userPoolId: 'pool',
  schedules: {},
  siteUrl: 'http://localhost',
};

const WATCHED = ['FEEDBACK_TABLE', 'CALLS_TABLE', 'ARCHIVE_BUCKET', 'EVENT_BUS_NAME', 'COGNITO_USER_POOL_ID', 'STREAM_API_KEY', 'STREAM_SECRET_ARN', 'STAGE'];

describe('functionEnvironment', () => {
  it('gives exactly what the entry grants, with Cognito only where a caller is read', () => {
    const webhook = routeList().find((entry) => entry.key === 'POST /api/webhooks/stream')!;
    const env = functionEnvironment(stage, webhook, {});
    expect(Object.keys(env).filter((name) => WATCHED.includes(name)).sort()).toEqual(['ARCHIVE_BUCKET', 'EVENT_BUS_NAME', 'STAGE', 'STREAM_API_KEY']);
    expect(env).toMatchObject({ WEBHOOK_DELIVERIES_TABLE: 'deliveries-table', STREAM_API_SECRET: 'secret', EVENT_BUS_NAME: 'local-bus' });
    expect(functionEnvironment(stage, route('GET /api/calls/{type}/{id}/artifacts'), {})).toMatchObject({
      CALLS_TABLE: 'calls-table',
      ARCHIVE_BUCKET: 'archive-bucket',
      COGNITO_USER_POOL_ID: 'pool',
    });
  });
});

describe('local API gateway: each handler sees only its own environment', () => {
  const root = mkdtempSync(join(tmpdir(), 'function-env-'));
  let server: Server;
  let url: string;

  // A handler that reports what it sees, at import (module level) and per invocation.
  const probe = `const atLoad = process.env.FEEDBACK_TABLE ?? null;
export const handler = async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const seen = Object.fromEntries(${JSON.stringify(WATCHED)}.filter((name) => name in process.env).map((name) => [name, process.env[name]]));
  return { statusCode: 200, body: JSON.stringify({ atLoad, seen }) };
};`;

  const functionsSrc = `${repoRoot}functions/src`;
  // Fixtures live outside functions/src, so their handler paths climb out of it.
  const fixture = (key: `GET /api/${string}`, name: string, entry: Pick<RouteDefinition, 'auth' | 'needs'>): RouteDefinition => {
    writeFileSync(join(root, `${name}.ts`), probe);
    const [method, path] = key.split(' ') as ['GET', `/api/${string}`];
    return { ...entry, key, method, path, handler: relative(functionsSrc, join(root, name)), response: route('GET /api/health').response };
  };

  beforeAll(async () => {
    const routes: RouteDefinition[] = [
      fixture('GET /api/feedback-writer', 'feedback-writer', { auth: 'none', needs: { tables: { feedback: ['PutItem'] } } }),
      fixture('GET /api/member-chat', 'member-chat', { auth: 'optional', needs: { secrets: ['stream'] } }),
      // The real feedback handler, with its table grant forgotten.
      { ...route('POST /api/feedback'), needs: {} },
    ];
    const gateway = createApiGateway({ functionsSrc, environment: stage, routes });
    server = createServer((req, res) => void gateway(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  const seen = async (path: string) => (await (await fetch(`${url}${path}`)).json()) as { atLoad: string | null; seen: Record<string, string> };

  it('gives a handler its granted table, at import and per invocation, and nothing else', async () => {
    // Concurrent calls: each keeps its own environment across its awaits.
    const [writer, chat] = await Promise.all([seen('/api/feedback-writer'), seen('/api/member-chat')]);
    expect(writer).toEqual({ atLoad: 'feedback-table', seen: { FEEDBACK_TABLE: 'feedback-table', STAGE: 'local' } });
    expect(chat).toEqual({ atLoad: null, seen: { COGNITO_USER_POOL_ID: 'pool', STREAM_API_KEY: 'key', STAGE: 'local' } });
    // The stage's own process keeps its environment.
    expect(process.env.FEEDBACK_TABLE).toBeUndefined();
  });

  it('fails a handler whose entry lacks its table grant, naming the variable and the fix', async () => {
    // Powertools writes error logs to stderr (and lower levels to stdout).
    const logged = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const response = await fetch(`${url}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: '/test', feedbackType: 'global', answers: ['hello'] }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
      const output = logged.mock.calls.map(([chunk]) => String(chunk)).join('');
      expect(output).toContain('FEEDBACK_TABLE is not set');
      expect(output).toContain('needs');
    } finally {
      logged.mockRestore();
    }
  });
});

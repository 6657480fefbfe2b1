import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNotImitatedLog } from './not-imitated';

const scratch = mkdtempSync(join(tmpdir(), 'not-imitated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the not-imitated log', () => {
  it('keeps each request in memory and appends it to the file as one JSON line', () => {
    const file = join(scratch, 'stream', 'not-imitated.jsonl');
    const log = createNotImitatedLog(file);
    log.record('POST', '/video/call/default/c1/start_closed_captions');
    log.record('WebSocket', '/elsewhere');
    expect(log.entries().map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /video/call/default/c1/start_closed_captions', 'WebSocket /elsewhere']);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { at: expect.any(String), method: 'POST', path: '/video/call/default/c1/start_closed_captions' },
      { at: expect.any(String), method: 'WebSocket', path: '/elsewhere' },
    ]);
  });

  it('keeps to memory alone without a file', () => {
    const log = createNotImitatedLog(undefined);
    log.record('GET', '/og');
    expect(log.entries()).toHaveLength(1);
  });
});

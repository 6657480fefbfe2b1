import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notImitatedSummary, notImitatedVerdict } from './not-imitated';

const scratch = mkdtempSync(join(tmpdir(), 'not-imitated-summary-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('notImitatedSummary', () => {
  it('reads the stand-in’s log as one line per gap, call and channel ids folded, most often first', () => {
    const file = join(scratch, 'log.jsonl');
    const entry = (method: string, path: string) => JSON.stringify({ at: '2026-11-28T22:00:00.000Z', method, path });
    writeFileSync(file, `${[
      entry('GET', '/og'),
      entry('POST', '/video/call/default/c1/start_closed_captions'),
      entry('POST', '/video/call/default/c2/start_closed_captions'),
      entry('POST', '/channels/messaging/m-1/truncate'),
    ].join('\n')}\n`);
    expect(notImitatedSummary(file)).toEqual(['POST /video/call/default/{id}/start_closed_captions (2×)', 'GET /og', 'POST /channels/messaging/{id}/truncate']);
  });

  it('is empty when the run wrote no log', () => {
    expect(notImitatedSummary(join(scratch, 'absent.jsonl'))).toEqual([]);
  });
});

describe('notImitatedVerdict', () => {
  it('fails the run on any request not imitated, and names it', () => {
    const file = join(scratch, 'one.jsonl');
    writeFileSync(file, `${JSON.stringify({ at: '2026-11-29T04:00:00.000Z', method: 'POST', path: '/video/call/default/c1/start_hls_broadcasting' })}\n`);
    const verdict = notImitatedVerdict(file);
    expect(verdict.failed).toBe(true);
    expect(verdict.lines).toEqual([expect.stringMatching(/^✘ Stream stand-in: not imitated/), '    ✘ POST /video/call/default/{id}/start_hls_broadcasting']);
  });

  it('passes, silently, when the log is empty or was never written', () => {
    const empty = join(scratch, 'empty.jsonl');
    writeFileSync(empty, '');
    expect(notImitatedVerdict(empty)).toEqual({ lines: [], failed: false });
    expect(notImitatedVerdict(join(scratch, 'absent.jsonl'))).toEqual({ lines: [], failed: false });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingDocPaths } from './doc-paths';

const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'doc-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the paths docs/ names', () => {
  it('all exist', () => {
    expect(missingDocPaths(root)).toEqual([]);
  });

  it('are found in code spans, links and the layouts of fenced blocks, placeholders, globs and {a,b} included; URLs, API paths and build outputs are not paths', () => {
    const docs = join(scratch, 'docs');
    mkdirSync(docs, { recursive: true });
    writeFileSync(
      join(docs, 'guide.md'),
      [
        'Handlers live in `functions/src/http/<route>.ts` and `functions/src/nowhere/*.ts`; see `src/features/sessions/`.',
        'Read [the map](architecture.md) and [gone](missing.md); `frontend/src/lib/{api-client.ts,gone.ts}`.',
        '`/api/health`, `https://example.org/a/b`, `frontend/dist/index.html`, `@mentoring/shared/csv`.',
        '```',
        'functions/src/lifecycle/    the life cycle',
        'functions/src/mentorships/lifecycle/    where it was',
        '```',
      ].join('\n'),
    );
    writeFileSync(join(docs, 'architecture.md'), '');
    expect(missingDocPaths(root, docs).map(({ line, path }) => `${line}: ${path}`)).toEqual([
      '1: functions/src/nowhere/*.ts',
      '1: src/features/sessions/',
      '2: frontend/src/lib/gone.ts',
      '2: missing.md',
      '6: functions/src/mentorships/lifecycle/',
    ]);
  });
});

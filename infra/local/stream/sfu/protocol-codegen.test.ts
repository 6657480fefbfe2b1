import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { committedProtocolDir, filesUnder, generateSfuProtocol } from './protocol-codegen';

const scratch = mkdtempSync(join(tmpdir(), 'sfu-protocol-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the SFU protocol code in generated/', () => {
  it('is what `npm run generate:sfu-protocol` makes from proto/ (no .proto changed without it, no generated file edited)', () => {
    const fresh = filesUnder(generateSfuProtocol(scratch));
    const committed = filesUnder(committedProtocolDir);
    expect([...committed.keys()]).toEqual([...fresh.keys()]);
    for (const [path, text] of fresh) expect(committed.get(path), path).toBe(text);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as columnSets from './lib/columns';
import type { AttentionRow, FeedbackRow, GroupSessionRow, MemberRow, MentorshipRow } from './lib/columns';
import { downloadCsv } from './lib/download';

/**
 * Every CSV a coordinator downloads is made by lib/download.ts with the shared toCsv, which makes formula-like
 * cells inert (a cell such as =HYPERLINK(...) would otherwise run when opened). This file keeps it so: no other module makes a CSV, every export's columns are one of
 * lib/columns.ts's sets, and each of those sets, fed text a spreadsheet would run, gives a file where none runs.
 */

const srcRoot = resolve(import.meta.dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
const sources = sourceFiles(srcRoot).map((path) => ({ path: relative(srcRoot, path), text: readFileSync(path, 'utf8') }));

/** Text a spreadsheet would run as a formula, in each of the forms OWASP lists. */
const FORMULAS = ['=HYPERLINK("http://evil.example","open")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'];
const formula = (index: number) => FORMULAS[index % FORMULAS.length]!;

/** A row of each exported list with formula text in every field the columns read as text. */
const poisoned: Record<string, () => unknown> = {
  attentionColumns: (): AttentionRow => ({ key: 'k', kind: formula(0), level: formula(1), title: formula(2), since: formula(3), link: '/coordinator' }) as unknown as AttentionRow,
  memberColumns: (): MemberRow =>
    ({ id: formula(0), displayName: formula(1), role: formula(2), headline: formula(3), approvalState: formula(4), matched: false, languages: [formula(5)], timezone: formula(0), topics: [formula(1), 'x'] }) as unknown as MemberRow,
  feedbackColumns: (): FeedbackRow =>
    ({ id: formula(0), createdAt: formula(1), feedbackType: formula(2), rating: -3, answers: [formula(3), formula(4)], source: formula(5), mentorshipId: formula(0), from: { id: 'u', displayName: formula(1) } }) as unknown as FeedbackRow,
  mentorshipColumns: (): MentorshipRow =>
    ({ id: 'm1', state: formula(0), mentor: { displayName: formula(1) }, mentee: { displayName: formula(2) }, createdAt: formula(3), updatedAt: formula(4), expiresAt: formula(5), endsAt: formula(0) }) as unknown as MentorshipRow,
  groupSessionColumns: (): GroupSessionRow =>
    ({ id: 'g1', title: formula(0), kind: formula(1), hostName: formula(2), startsAt: formula(3), state: formula(4), capacity: 5, taken: 3, waiting: 0, attended: 2, averageSeconds: 610, ratingAverage: 4.5, ratingCount: 2 }) as unknown as GroupSessionRow,
};

/** RFC 4180 records back into cells. */
const parseCsv = (text: string) => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
};

/** The file downloadCsv saves, as the browser would get it. */
const captureDownload = async (run: () => void) => {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  run();
  expect(blobs).toHaveLength(1);
  return new TextDecoder().decode(await blobs[0]!.arrayBuffer());
};

afterEach(() => vi.restoreAllMocks());

describe('CSV exports', () => {
  it('are made in one module only, lib/download.ts, from toCsv', () => {
    const makingCsv = sources.filter(({ text }) => /text\/csv|\.csv\b|\btoCsv\(|\bcsvCell\(/.test(text)).map(({ path }) => path);
    expect(makingCsv).toEqual(['features/coordination/lib/download.ts']);
    const download = sources.find(({ path }) => path === 'features/coordination/lib/download.ts')!.text;
    expect(download).toMatch(/new Blob\(\[[^\]]*\btoCsv\(columns, rows\)\]/);
    // The export button saves what its job lists through downloadCsv, and nothing else saves a list.
    expect(sources.filter(({ text }) => /\bdownloadCsv\(/.test(text)).map(({ path }) => path)).toEqual(['features/coordination/components/ExportButton.tsx']);
  });

  it("take their columns from lib/columns.ts's sets, each of which has a poisoned row below", () => {
    const sets = Object.keys(columnSets).filter((name) => name.endsWith('Columns'));
    expect(sets.sort()).toEqual(Object.keys(poisoned).sort());
    const used = sources.flatMap(({ text }) => [...text.matchAll(/\bcolumns: (?!readonly\b)(\w+)/g)].map((match) => match[1]!));
    // Every export's columns are one of the sets, and every set is some export's.
    expect([...new Set(used)].sort()).toEqual([...sets].sort());
  });

  it.each(Object.keys(poisoned))('%s: formula text in every field is inert in the downloaded file', async (name) => {
    const columns = columnSets[name as keyof typeof columnSets] as Parameters<typeof downloadCsv>[1];
    const text = await captureDownload(() => downloadCsv('export.csv', columns, [poisoned[name]!()]));
    const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(header).toEqual(columns.map((column) => column.header));
    expect(records).toHaveLength(1);
    const cells = records[0]!;
    for (const cell of cells) {
      // A number stays a number (-3 is a rating); any other cell must not start as a formula would.
      if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
      expect(cell, `${name}: ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r]/);
    }
    // The payloads did reach the file, made inert with a leading apostrophe.
    expect(cells.some((cell) => cell.startsWith("'="))).toBe(true);
  });
});

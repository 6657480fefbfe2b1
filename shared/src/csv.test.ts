import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
  ])('makes %j inert as text', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes an escaped formula that also holds a comma or a quote', () => {
    expect(csvCell('=HYPERLINK("http://x.test","click")')).toBe(`"'=HYPERLINK(""http://x.test"",""click"")"`);
    expect(csvCell('\r=1,2')).toBe(`"'\r=1,2"`);
  });

  it('quotes per RFC 4180 only where needed', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('ends\r')).toBe('"ends\r"');
  });

  it('leaves formula characters inside a cell alone and writes numbers as numbers', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x-1')).toBe('x-1');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-terminated record per row', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; rating: number | null }) => row.name },
        { header: 'Rating', value: (row) => row.rating },
      ],
      [
        { name: 'Ana', rating: 5 },
        { name: '=cmd|" /C calc"!A0', rating: null },
      ],
    );
    expect(csv).toBe(`Name,Rating\r\nAna,5\r\n"'=cmd|"" /C calc""!A0",\r\n`);
  });

  it('escapes a header too', () => {
    expect(toCsv([{ header: '@who', value: () => 1 }], [])).toBe("'@who\r\n");
  });
});

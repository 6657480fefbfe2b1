import { toCsv, type CsvColumn } from '@mentoring/shared/csv';

/**
 * Saves rows as a CSV file from the browser. The file is made here from the JSON lists the pages already read
 * (the same escaping for every list: shared/src/csv.ts), so the API needs no second, text/csv form of each list.
 * A byte-order mark makes spreadsheets read the file as UTF-8.
 */
export const downloadCsv = <T>(filename: string, columns: readonly CsvColumn<T>[], rows: readonly T[]) => {
  const blob = new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL only after the click's task: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Today's date for file names: members-2026-05-01.csv. */
export const datedName = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

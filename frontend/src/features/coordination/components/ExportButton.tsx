import { useState } from 'react';
import type { CsvColumn } from '@mentoring/shared/csv';
import { Button } from '@/components/Button/Button';
import { toast } from '@/components/Toast/toast';
import { copy } from '../copy';
import { downloadCsv } from '../lib/download';

export interface ExportJob<T> {
  filename: string;
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
}

/** Makes a CSV of a list (read now, or already on screen) and saves it; `label` names the list for screen readers. */
export const ExportButton = <T,>({ label, run }: { label: string; run: () => ExportJob<T> | Promise<ExportJob<T>> }) => {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const job = await run();
      downloadCsv(job.filename, job.columns, job.rows);
      toast.success(copy.common.exported(job.rows.length));
    } catch {
      toast.error(copy.common.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" aria-label={label} onClick={() => void start()} disabled={busy}>
      {busy ? copy.common.exporting : copy.common.export}
    </Button>
  );
};

import type { ApiAnswer } from '@mentoring/shared/routes';
import { REPORT_CATEGORIES } from '@mentoring/shared/safeguarding-labels';
import { copy } from './copy';

export type Report = ApiAnswer<'GET /api/coordinator/reports/{id}'>;
export type ReportRow = ApiAnswer<'GET /api/coordinator/reports'>['reports'][number];

export const categoryLabel = (category: ReportRow['category']) => REPORT_CATEGORIES[category];

/** What the report is about, in a few words. */
export const subjectLabel = (report: ReportRow) => {
  const who = report.concerns?.name ?? copy.queue.unknown;
  switch (report.subject.kind) {
    case 'member':
      return `Member: ${who}`;
    case 'message':
      return `A chat message from ${who}`;
    case 'call':
      return `A call with ${who}`;
    case 'mentorship':
      return `The mentorship with ${who}`;
    case 'group_session':
      return `${who}, in the group session “${report.groupSession?.title ?? copy.queue.unknown}”`;
  }
};

import type { ReportDetail, ReportSummary } from '@mentoring/shared';
import type { NoteItem, ReportItem } from './repository';

export const toReportSummary = (item: ReportItem): ReportSummary => ({
  id: item.id,
  category: item.category,
  status: item.status,
  subject: item.subject,
  reporter: { id: item.reporterId, name: item.reporterName },
  concerns: item.concernsId ? { id: item.concernsId, name: item.concernsName ?? 'A former member' } : null,
  mentorshipId: item.mentorshipId,
  endedMentorshipId: item.endedMentorshipId ?? null,
  groupSession: item.groupSession ?? null,
  description: item.description,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  version: item.version,
});

export const toReportDetail = (item: ReportItem & { notes: NoteItem[] }): ReportDetail => ({ ...toReportSummary(item), notes: item.notes });

import { DELETE_ACCOUNT_CONFIRMATION, type ReportStatus } from '@mentoring/shared/safeguarding-labels';
import type { ApiBody } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';

export const myBlocksQuery = () => apiQuery('GET /api/me/blocks');
export const setBlocked = (memberId: string, blocked: boolean) =>
  blocked ? api('POST /api/members/{id}/block', { params: { id: memberId } }) : api('DELETE /api/members/{id}/block', { params: { id: memberId } });

/** A coordinator suspends a member, or restores a suspended one. */
export const setSuspended = (memberId: string, suspended: boolean) =>
  suspended
    ? api('POST /api/coordinator/members/{id}/suspend', { params: { id: memberId } })
    : api('POST /api/coordinator/members/{id}/restore', { params: { id: memberId } });

export const sendReport = (body: ApiBody<'POST /api/reports'>) => api('POST /api/reports', { body });

export const exportMyData = () => api('GET /api/me/export');
export const deleteMyAccount = () => api('DELETE /api/me', { body: { confirm: DELETE_ACCOUNT_CONFIRMATION } });

export const reportsQuery = (status: ReportStatus) => apiQuery('GET /api/coordinator/reports', { query: { status } });
export const reportQuery = (id: string) => apiQuery('GET /api/coordinator/reports/{id}', { params: { id } });
export const setReportStatus = (report: { id: string; version: number }, status: ReportStatus) =>
  api('POST /api/coordinator/reports/{id}/status', { params: { id: report.id }, body: { status, version: report.version } });
export const addReportNote = (reportId: string, text: string) => api('POST /api/coordinator/reports/{id}/notes', { params: { id: reportId }, body: { text } });

/**
 * Safeguarding reports: a member filing one, their coordinators' notes, and the views coordinators read.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { StaleReportError, addNote, createReport, deleteReporterPointers, getReport, listReports, reportsBy, setEndedMentorship, setReportStatus } from './repository';
export type { ReportItem } from './repository';
export { fileReport } from './file';
export type { Reporter } from './file';
export { toReportDetail, toReportSummary } from './views';

/** Safeguarding's fixed lists and words, free of zod so the SPA imports them as a light subpath. */

export const REPORT_CATEGORIES = {
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate or sexual content',
  safety: 'Someone may be at risk of harm',
  discrimination: 'Discrimination or hate',
  spam: 'Spam, scams or selling',
  conduct: 'Another breach of the code of conduct',
} as const;
export type ReportCategory = keyof typeof REPORT_CATEGORIES;

export const REPORT_STATUSES = ['open', 'in_review', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', in_review: 'In review', resolved: 'Resolved' };

/** What a member types to delete their account; the server checks the same words. */
export const DELETE_ACCOUNT_CONFIRMATION = 'delete my account';

/** What a suspended member is told on every change they try. */
export const SUSPENDED_MESSAGE = 'Your account is suspended: you can sign in and read, but not make changes. Contact the programme coordinators.';

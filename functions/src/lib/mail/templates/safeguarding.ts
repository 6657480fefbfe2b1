import { REPORT_CATEGORIES, type ReportCategory } from '@mentoring/shared';
import type { Mail } from '../send';
import { appLink } from './links';

/**
 * To every coordinator when a member reports a concern. It names the category and links to the report,
 * never the details: e-mail is the wrong place for them (forwarded, kept in inboxes outside the programme).
 */
export const reportReceived = ({ site, id, category }: { site: string; id: string; category: ReportCategory }): Omit<Mail, 'to'> => ({
  subject: `New safeguarding report: ${REPORT_CATEGORIES[category]}`,
  text: [
    'A member has reported a concern.',
    '',
    `Category: ${REPORT_CATEGORIES[category]}`,
    '',
    `Read it and act in the coordinators' queue: ${appLink(site, `/coordinator/reports/${id}`)}`,
    '',
  ].join('\n'),
});

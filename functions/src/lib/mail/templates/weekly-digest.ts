import type { AttentionItem, DashboardSnapshot } from '@mentoring/shared';
import type { Mail } from '../send';
import { appLink } from './links';

/** The most items one e-mail lists; the dashboard has the rest. */
export const DIGEST_MAX_ITEMS = 50;

const day = (iso: string) => iso.slice(0, 10);

const line = (site: string, item: AttentionItem) => `- ${item.title} (since ${day(item.since)}): ${appLink(site, item.link)}`;

/** To each coordinator, weekly: what needs attention, most urgent first, each with its link. */
export const weeklyDigest = ({ site, programme, dashboard }: { site: string; programme: string; dashboard: DashboardSnapshot }): Omit<Mail, 'to'> => {
  const { attention } = dashboard;
  const shown = attention.slice(0, DIGEST_MAX_ITEMS);
  const matched = dashboard.funnel.steps.find((step) => step.step === 'matched')?.count ?? 0;
  return {
    subject:
      attention.length === 0
        ? `${programme}: nothing needs your attention this week`
        : `${programme}: ${attention.length === 1 ? '1 thing needs' : `${attention.length} things need`} your attention`,
    text: [
      'Hello,',
      '',
      attention.length === 0 ? 'nothing needs your attention this week.' : 'this needs your attention, most urgent first:',
      ...(attention.length ? ['', ...shown.map((item) => line(site, item))] : []),
      ...(attention.length > shown.length ? [`…and ${attention.length - shown.length} more on the dashboard.`] : []),
      '',
      `The programme now has ${dashboard.membersByRole.mentee} mentees and ${dashboard.membersByRole.mentor} mentors; ${matched} mentees have been matched.`,
      '',
      `The dashboard: ${appLink(site, '/coordinator')}`,
    ].join('\n'),
  };
};

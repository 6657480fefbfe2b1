import { age } from '@/lib/datetime';

/** The words of the notifications feature. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

export const copy = {
  title: 'Notifications',
  lead: 'What happened in your mentoring: requests, answers, sessions, reminders and missed calls. We e-mail you the same.',
  loading: 'Loading your notifications',
  emptyTitle: 'No notifications yet',
  empty: 'When someone sends you a request, answers one or books a session, you will see it here.',
  errorTitle: 'We could not load your notifications',
  markAll: 'Mark all as read',
  markAllFailed: 'We could not mark them as read. Please try again.',
  more: 'Show older notifications',
  unread: 'Unread',
  kinds: { application: 'Application', mentorship: 'Mentorship', session: 'Session', reminder: 'Reminder', call: 'Call', message: 'Message' },
} as const;

const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const WEEK_MS = 7 * 24 * 3_600_000;

export const fullWhen = (iso: string) => fullDate.format(new Date(iso));

/** How long ago, as every age in the app reads (lib/datetime's `age`), for a week; then the date. */
export const whenLabel = (iso: string, now = Date.now()) => (now - Date.parse(iso) < WEEK_MS ? age(iso, now) : fullWhen(iso));

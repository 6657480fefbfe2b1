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

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "just now", "5 minutes ago", "yesterday", then the date: how long ago matters most for what just happened. */
export const whenLabel = (iso: string, now = Date.now()) => {
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  if (minutes > -1) return 'just now';
  if (minutes > -60) return relative.format(minutes, 'minute');
  if (minutes > -24 * 60) return relative.format(Math.round(minutes / 60), 'hour');
  if (minutes > -7 * 24 * 60) return relative.format(Math.round(minutes / (24 * 60)), 'day');
  return fullDate.format(new Date(iso));
};

export const fullWhen = (iso: string) => fullDate.format(new Date(iso));

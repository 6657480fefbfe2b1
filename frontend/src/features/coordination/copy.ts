/** The coordinator's dashboard, members and feedback pages, in a coordinator's words. */
const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

export const copy = {
  common: {
    loading: 'Loading…',
    errorHeading: 'This could not be loaded',
    retry: 'Try again',
    export: 'Export CSV',
    exporting: 'Exporting…',
    exported: (count: number) => `Exported ${plural(count, 'row', 'rows')}.`,
    exportFailed: 'The export failed. Please try again.',
    search: 'Search',
  },
  dashboard: {
    heading: 'Programme dashboard',
    lead: 'What needs you first, then how the programme is doing.',
    attentionHeading: 'Needs attention',
    attentionCount: (count: number) => plural(count, 'item', 'items'),
    attentionEmpty: 'Nothing needs your attention right now.',
    attentionEmptyText: 'Unanswered requests, quiet pairs, fit checks that said “not a fit”, open reports and waiting applications show up here.',
    since: (date: string) => `since ${date}`,
    open: 'Open',
    levels: { high: 'Urgent', medium: 'Soon', low: 'When you can' },
    kinds: {
      open_report: 'Open reports',
      request_unanswered: 'Unanswered requests',
      quiet_pair: 'Quiet pairs',
      not_a_fit: '“Not a fit”',
      pending_application: 'Applications',
    },
    /** A count of one kind: "1 open report", "2 applications". */
    kindCount: (kind: 'open_report' | 'request_unanswered' | 'quiet_pair' | 'not_a_fit' | 'pending_application', count: number) =>
      ({
        open_report: count === 1 ? 'open report' : 'open reports',
        request_unanswered: count === 1 ? 'unanswered request' : 'unanswered requests',
        quiet_pair: count === 1 ? 'quiet pair' : 'quiet pairs',
        not_a_fit: count === 1 ? 'fit check said “not a fit”' : 'fit checks said “not a fit”',
        pending_application: count === 1 ? 'application' : 'applications',
      })[kind],
    funnelHeading: 'From sign-up to completion',
    funnelLead: 'Mentees who reached each step.',
    step: 'Step',
    mentees: 'Mentees',
    ofPrevious: 'Of the step before',
    median: (text: string, count: number) => `Median time from sign-up to match: ${text} (${plural(count, 'mentee', 'mentees')}).`,
    noMedian: 'Nobody has been matched yet, so there is no time from sign-up to match.',
    statesHeading: 'Mentorships by state',
    state: 'State',
    count: 'Count',
    membersLine: (mentees: number, mentors: number) => `${plural(mentees, 'mentee', 'mentees')} and ${plural(mentors, 'mentor', 'mentors')} have a profile.`,
    chartLoading: 'Loading the chart…',
    funnelChart: 'Bar chart of the funnel: the table below holds the same numbers.',
    statesChart: 'Bar chart of mentorships by state: the table below holds the same numbers.',
    listsHeading: 'Lists',
    lists: { applications: 'Applications', mentorships: 'Mentorships', members: 'Members', feedback: 'Feedback', settings: 'Programme settings' },
    updated: (ago: string) => `Updated ${ago}`,
    refresh: 'Refresh now',
    refreshing: 'Refreshing…',
    refreshed: 'The figures are up to date.',
    shown: (shown: number, total: number) => `Showing ${shown.toLocaleString('en-GB')} of ${plural(total, 'item', 'items')}.`,
    more: 'Show more',
  },
  members: {
    heading: 'Members',
    lead: 'Approved mentors and mentees. Search by name, filter by role.',
    role: 'Role',
    roles: { all: 'Everyone', mentor: 'Mentors', mentee: 'Mentees' },
    roleNames: { mentor: 'Mentor', mentee: 'Mentee' },
    searchLabel: 'Name',
    matched: 'Matched',
    notMatched: 'Not matched',
    empty: 'No member matches.',
    more: 'Show more',
    count: (count: number, more: boolean) => `${plural(count, 'member', 'members')}${more ? ' so far' : ''}`,
  },
  feedback: {
    heading: 'Feedback',
    lead: 'Everything members and visitors told us: about the platform (global) and about their matches.',
    type: 'Type',
    types: { all: 'All', global: 'Global', match: 'Match' },
    rating: 'Rating',
    ratings: { all: 'Any rating', '2': '2 stars or fewer', '3': '3 stars or fewer' },
    searchLabel: 'Words in the answers',
    empty: 'No feedback matches.',
    noRating: 'No rating',
    stars: (rating: number) => `${rating} of 5 stars`,
    anonymous: 'A visitor',
    from: (name: string) => `From ${name}`,
    onPage: (source: string) => `on ${source}`,
    mentorship: 'About a mentorship',
    average: (average: number | null, count: number) =>
      `${plural(count, 'message', 'messages')}${average === null ? '' : `, average rating ${average.toLocaleString('en-GB', { maximumFractionDigits: 2 })} of 5`}.`,
    truncated: 'Only the newest messages are listed.',
    chartHeading: 'Ratings',
    ratingsChart: 'Bar chart of how many messages gave each rating: the list holds the same.',
  },
};

/** "3 days", "5 hours": how long a duration in ms is, roughly. */
export const duration = (ms: number) => {
  const hours = ms / 3_600_000;
  if (hours < 48) return plural(Math.round(hours), 'hour', 'hours');
  return plural(Math.round(hours / 24), 'day', 'days');
};


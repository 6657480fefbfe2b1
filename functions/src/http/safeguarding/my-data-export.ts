import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { accountName } from '../../lib/cognito';
import { httpHandler } from '../../lib/http/handler';
import { listCallsOf, retentionStatement } from '../../calls';
import { getMember } from '../../members';
import { listBy, listEvents } from '../../mentorships';
import { blocksOf } from '../../safeguarding/blocks';
import { getReport, reportsBy } from '../../safeguarding/reports';
import { memberStreamId } from '../../lib/stream/stream-user-id';
import { sessionItemsOf } from '../../sessions';

/**
 * GET /api/me/export: everything the programme holds about the caller, as JSON: the account, the profile,
 * their mentorships with each one's history, sessions, calls, the reports they made (without coordinators'
 * internal notes) and whom they blocked. Who blocked them and reports about them are others' data.
 */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'GET /api/me/export'), async ({ identity }) => {
  const id = identity.sub;
  const [profile, asMentor, asMentee, sessionsMentor, sessionsMentee, calls, reportIds, blocks] = await Promise.all([
    getMember(id, { consistent: false }),
    listBy('byMentor', id, { limit: 1000 }),
    listBy('byMentee', id, { limit: 1000 }),
    sessionItemsOf('byMentor', id),
    sessionItemsOf('byMentee', id),
    listCallsOf(memberStreamId(id)),
    reportsBy(id),
    blocksOf(id),
  ]);
  const mentorships = await Promise.all([...asMentor, ...asMentee].map(async (record) => ({ ...record, events: await listEvents(record.id) })));
  const reports = (await Promise.all(reportIds.map((reportId) => getReport(reportId)))).flatMap((report) =>
    report ? [{ id: report.id, category: report.category, description: report.description, subject: report.subject, status: report.status, createdAt: report.createdAt }] : [],
  );
  return {
    exportedAt: new Date().toISOString(),
    account: { id, email: identity.email, name: identity.name ?? (await accountName(id)) ?? profile?.displayName ?? null },
    profile: profile ? { ...profile } : null,
    mentorships,
    sessions: [...sessionsMentor, ...sessionsMentee],
    calls: calls.map((call) => ({ ...call })),
    reportsMade: reports,
    blocks: blocks.map((block) => ({ memberId: block.id, blockedAt: block.blockedAt })),
    retention: retentionStatement(),
  };
});

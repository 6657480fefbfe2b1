import { membershipRoutes, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { searchApproved, photoUrl } from '../../members';
import { matchedMentees } from '../../mentorships';

const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);

const decodeCursor = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && typeof (key as { id?: unknown }).id === 'string') return key as Record<string, unknown>;
  } catch {
    // Falls through to the refusal below.
  }
  throw new HttpError('validation_failed', 'The cursor is invalid: start again from the first page.');
};

/** A coordinator's search over approved members (for proposing a pair): never their e-mail address. */
export const handler = httpHandler(routeIn(membershipRoutes, 'GET /api/coordinator/members'), async ({ query }) => {
  const { members, next } = await searchApproved({ role: query.role, q: query.q, limit: query.limit ?? 20, cursor: decodeCursor(query.cursor) });
  const matched = await matchedMentees(members.filter((member) => member.role === 'mentee').map((member) => member.id));
  return {
    members: members.map((member) => ({
      id: member.id,
      role: member.role,
      displayName: member.displayName,
      photoUrl: photoUrl(member.photoKey),
      headline: member.headline ?? '',
      languages: member.languages ?? [],
      timezone: member.timezone,
      topics: member.topics ?? [],
      approvalState: member.approvalState,
      matched: member.role === 'mentee' ? matched.has(member.id) : (member.activeMentees ?? 0) > 0,
      ...(member.suspended ? { suspended: true } : {}),
    })),
    nextCursor: encodeCursor(next),
  };
});

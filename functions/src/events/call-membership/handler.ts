import { eventHandler } from '../../lib/events/handler';
import { recordCall, recordCallEnded, recordHistory, setMembership, keepRecordingOff, recordCallEvent } from '../../calls';
import { recordGroupCallEvent } from '../../group-sessions';
import { membershipEventSchema } from '../../lib/stream/events';

/** Who belongs to a call decides who may see its archive; these events keep that and the call's history. */
export const handler = eventHandler(membershipEventSchema, async ({ detailType, detail }) => {
  // Who of a group session's audience is on stage (group-sessions/); nothing of a call's history or membership.
  if (detailType === 'call.permissions_updated') return recordGroupCallEvent(detailType, detail);
  const cid = detail.call_cid;
  const at = detail.created_at;
  const userIds = (detail.members ?? []).map((member) => (typeof member === 'string' ? member : member.user_id));
  const creator = detail.call?.created_by?.id;
  // The creator may see the call's archive too, even when Stream's member list leaves them out.
  if (detailType === 'call.created' && creator && !userIds.includes(creator)) userIds.push(creator);
  const roles = new Map((detail.members ?? []).flatMap((member) => (typeof member === 'string' ? [] : [[member.user_id, member.role ?? null] as const])));

  await recordCall(cid, { createdBy: creator, createdAt: detail.call?.created_at ?? (detailType === 'call.created' ? at : null) });
  if (detailType === 'call.created' || detailType === 'call.member_added' || detailType === 'call.member_removed') {
    const removed = detailType === 'call.member_removed';
    await Promise.all(userIds.map((userId) => setMembership(cid, userId, { removed, at, role: roles.get(userId) })));
  }
  if (detailType === 'call.ended') await recordCallEnded(cid, at);
  await recordHistory(cid, { type: detailType, at, sessionId: detail.session_id ?? null, userIds });
  // A mentorship's call (calls/): its session's record, and recording off until everyone consents.
  if (detailType === 'call.session_ended') await recordCallEvent(detailType, detail);
  if (detailType === 'call.created') await keepRecordingOff(cid);
  // A group session's call (group-sessions/): live, ended, and who the host removed.
  if (detailType === 'call.live_started' || detailType === 'call.ended' || detailType === 'call.blocked_user') await recordGroupCallEvent(detailType, detail);
});

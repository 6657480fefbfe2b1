/**
 * A group session follows its call, from Stream's webhooks (docs/domain.md, "Group sessions"): it is live once the
 * host goes live and ended once the call is, its attendance is who joined and for how long, one of the audience the
 * host brought on stage has that on their seat (for the recording's consent), and a member the host removed
 * (Stream's block) keeps that on their seat, so the server refuses their join too.
 */
import { groupSessionIdOfCall, type GroupSessionState } from '@mentoring/shared';
import { memberStreamId } from '../lib/stream/stream-user-id';
import { changeState, getWithSeats, markOnStage, markRemoved, saveJoined, saveLeft, type GroupSessionItem } from './repository';

export interface GroupCallEvent {
  call_cid: string;
  created_at: string;
  session_id?: string | null;
  participant?: { user: { id: string }; user_session_id: string; joined_at?: string | null } | null;
  duration_seconds?: number | null;
  user?: { id: string } | null;
  /** call.permissions_updated: what the user may do in the call now. */
  own_capabilities?: string[] | null;
}

/** Being on stage is being allowed to be heard (an open circle) or seen and heard (a workshop). */
const STAGE_CAPABILITIES = ['send-audio', 'send-video'];

/** The states a call's event moves a session from, and to. */
const moves: Partial<Record<string, { from: readonly GroupSessionState[]; to: GroupSessionState }>> = {
  'call.live_started': { from: ['scheduled'], to: 'live' },
  'call.ended': { from: ['scheduled', 'live'], to: 'ended' },
};

/** The member behind a Stream user id: everyone the session names, by their Stream id. */
const memberOf = (session: GroupSessionItem, seats: readonly { memberId: string }[], streamUserId: string) =>
  [session.hostId, ...session.coHostIds, ...session.speakerIds, ...seats.map((seat) => seat.memberId)].find((id) => memberStreamId(id) === streamUserId);

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Applies a call's webhook to its group session; calls that are not a group session's are left alone. */
export const recordGroupCallEvent = async (detailType: string, detail: GroupCallEvent) => {
  const [type = '', callId = ''] = detail.call_cid.split(':');
  const id = groupSessionIdOfCall(type, callId);
  if (!id) return;
  const found = await getWithSeats(id);
  if (!found) return;
  const { session, seats } = found;
  const move = moves[detailType];
  if (move) {
    if (!move.from.includes(session.state)) return;
    // Conditional on the state read: a cancel or another move that came first wins, and this one has nothing to do.
    await changeState(session, move.to, {}, detail.created_at).catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
    return;
  }
  const participant = detail.participant;
  if ((detailType === 'call.session_participant_joined' || detailType === 'call.session_participant_left') && participant && detail.session_id) {
    const memberId = memberOf(session, seats, participant.user.id);
    // A guest or anyone else outside the session is not its attendance.
    if (!memberId) return;
    const stretch = { callSessionId: detail.session_id, userSessionId: participant.user_session_id, memberId };
    if (detailType === 'call.session_participant_joined') await saveJoined(id, { ...stretch, at: participant.joined_at ?? detail.created_at });
    else {
      const joinedAt = participant.joined_at ?? detail.created_at;
      const seconds = detail.duration_seconds ?? Math.max(0, Math.round((Date.parse(detail.created_at) - Date.parse(joinedAt)) / 1000));
      await saveLeft(id, { ...stretch, joinedAt, at: detail.created_at, seconds });
    }
    return;
  }
  if (detailType === 'call.permissions_updated' && detail.user) {
    const seat = seats.find((each) => memberStreamId(each.memberId) === detail.user!.id);
    // Only one of the audience: the host, co-hosts and speakers are on stage by their role, whatever they may do.
    if (seat) await markOnStage(id, seat.memberId, (detail.own_capabilities ?? []).some((capability) => STAGE_CAPABILITIES.includes(capability)), detail.created_at);
    return;
  }
  if (detailType === 'call.blocked_user' && detail.user) {
    const memberId = memberOf(session, seats, detail.user.id);
    if (memberId) await markRemoved(id, memberId, detail.created_at);
  }
};

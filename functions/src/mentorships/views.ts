import { allowedActions, mentorshipChannelCid, type MentorshipDetail, type MentorshipSummary } from '@mentoring/shared';
import { getParties, getParty, toParty, type Party } from '../members';
import { photoUrl, toMemberView } from '../members';
import { listEvents, sideOf, type MentorshipRecord } from './repository';
import { surveysDue } from './surveys';

export type ViewerRole = MentorshipSummary['viewerRole'];

const partyOf = (party: Party | undefined, id: string) => ({
  id,
  displayName: party?.displayName ?? 'A former member',
  photoUrl: photoUrl(party?.photoKey),
  headline: party?.headline ?? '',
});

export const summaryOf = (record: MentorshipRecord, parties: Map<string, Party>, viewerRole: ViewerRole): MentorshipSummary => ({
  id: record.id,
  state: record.state,
  mentor: partyOf(parties.get(record.mentorId), record.mentorId),
  mentee: partyOf(parties.get(record.menteeId), record.menteeId),
  viewerRole,
  message: record.message,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  expiresAt: record.state === 'REQUESTED' ? record.expiresAt : null,
  endsAt: record.endsAt ?? null,
  declineReason: record.declineReason ?? null,
  declineMessage: record.declineMessage ?? null,
  endReason: record.endReason ?? null,
  acceptedBy: record.acceptedBy ?? [],
});

export const summariesOf = async (records: MentorshipRecord[], viewerRoleOf: (record: MentorshipRecord) => ViewerRole) => {
  const parties = await getParties(records.flatMap((record) => [record.mentorId, record.menteeId]));
  return records.map((record) => summaryOf(record, parties, viewerRoleOf(record)));
};

/** The viewer's role in a mentorship: their side, or coordinator; null when they may not see it. */
export const viewerRoleOf = (record: MentorshipRecord, viewer: { id: string; isCoordinator: boolean }): ViewerRole | null =>
  sideOf(record, viewer.id) ?? (viewer.isCoordinator ? 'coordinator' : null);

/** A member who deleted their account: the other side keeps the mentorship's history, with no profile (the view fills the rest). */
const formerMember = (id: string, role: 'mentor' | 'mentee'): Party => toParty({ id, role, displayName: 'A former member' });

export const detailOf = async (record: MentorshipRecord, viewerRole: ViewerRole): Promise<MentorshipDetail> => {
  const [parties, events] = await Promise.all([getParties([record.mentorId, record.menteeId]), listEvents(record.id)]);
  const mentor = parties.get(record.mentorId) ?? (await getParty(record.mentorId)) ?? formerMember(record.mentorId, 'mentor');
  const mentee = parties.get(record.menteeId) ?? (await getParty(record.menteeId)) ?? formerMember(record.menteeId, 'mentee');
  const actions = allowedActions(record.state, viewerRole).filter(
    (action) => action !== 'acceptProposal' || viewerRole === 'coordinator' || !record.acceptedBy.includes(viewerRole),
  );
  return {
    ...summaryOf(record, parties, viewerRole),
    mentorProfile: toMemberView(mentor.item),
    menteeProfile: toMemberView(mentee.item),
    events,
    channelCid: record.activatedAt ? mentorshipChannelCid(record.id) : null,
    actions,
    surveysDue: surveysDue(record, viewerRole === 'coordinator' ? null : viewerRole),
    firstSessionAt: record.firstSessionAt ?? null,
    lastSessionAt: record.lastSessionAt ?? null,
    fitCheck: viewerRole === 'coordinator' ? (record.fitCheck ?? {}) : record.fitCheck?.[viewerRole] ? { [viewerRole]: record.fitCheck[viewerRole] } : {},
  };
};

import { COORDINATORS_GROUP } from '@mentoring/shared';
import type { Identity } from '../lib/auth/identity';
import type { MemberItem } from './item';

export const isCoordinator = (identity: Identity | null) => Boolean(identity?.groups.includes(COORDINATORS_GROUP));

/**
 * Who may see a mentee's profile here: the mentee and coordinators. (A mentor they requested or are matched with
 * reads the mentee inside the mentorship's own view, which its access rules guard.)
 */
export const canSeeMentee = async (viewer: Identity, mentee: MemberItem): Promise<boolean> =>
  viewer.sub === mentee.id || isCoordinator(viewer);

/**
 * Who may see a mentor's profile: anyone who may see the directory once the mentor is approved (listed or
 * not: a paused or full mentor's page still exists); before that only the mentor and coordinators, since a
 * pending or rejected mentor appears nowhere.
 */
export const canSeeMentor = (viewer: Identity | null, mentor: MemberItem) =>
  mentor.approvalState === 'approved' || viewer?.sub === mentor.id || isCoordinator(viewer);

export const canSeeMember = async (viewer: Identity, member: MemberItem) =>
  member.role === 'mentor' ? canSeeMentor(viewer, member) : canSeeMentee(viewer, member);

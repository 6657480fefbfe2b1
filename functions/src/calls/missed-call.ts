import { mentorshipIdOfCall } from '@mentoring/shared';
import { getMemberItem } from '../members';
import { keepNotification } from '../notifications';
import { isGuestId } from '../lib/stream/stream-user-id';

export interface MissedCall {
  cid: string;
  /** Who rang: Stream's user, whose id is the member's id (memberStreamId). */
  caller: { id: string; name?: string | null };
  /** Stream's `members` of call.missed: those who missed this ring. */
  missedBy: string[];
}

/** The page where the member calls back: the mentorship's page (its call button) for a mentorship's call, else Calls. */
export const callBackPath = (cid: string) => {
  const [type = '', id = ''] = cid.split(':');
  const mentorshipId = mentorshipIdOfCall(type, id);
  return mentorshipId ? `/mentorships/${mentorshipId}` : '/calls';
};

export const missedCallText = (callerName: string) => `You missed a call from ${callerName}`;

/**
 * Each member who missed a ring is told in their notifications list, with the page to call back from. Guests have
 * no list, and neither do Stream users who are not members; the caller's name is the member's own when known.
 */
export const notifyMissedCall = async ({ cid, caller, missedBy }: MissedCall, site: string) => {
  const callerItem = await getMemberItem(caller.id);
  const storedName = typeof callerItem?.displayName === 'string' ? callerItem.displayName.trim() : '';
  const name = storedName || caller.name?.trim() || 'a member';
  const link = callBackPath(cid);
  const members = await Promise.all(
    [...new Set(missedBy)].filter((id) => id !== caller.id && !isGuestId(id)).map(async (id) => ((await getMemberItem(id)) ? id : null)),
  );
  const subject = missedCallText(name);
  await Promise.all(members.flatMap((id) => (id ? [keepNotification(id, 'call', { subject, text: `${subject}. Call back: ${site}${link}` }, site, { link })] : [])));
};

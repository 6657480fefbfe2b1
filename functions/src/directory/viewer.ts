import { getItems } from '../lib/dynamo';
import { memberItemRead, type MemberItem } from '../members';
import { declinedItemRead, declinedMentorIdsOf } from '../mentorships';
import { hiddenIdsOf, hiddenItemRead } from '../safeguarding/blocks';

/** What a page needs to know of the signed-in viewer, read fresh on every page. */
export interface ViewerReads {
  viewer: MemberItem | undefined;
  /** Blocked members, whichever of them blocked: hidden at once. */
  hidden: ReadonlySet<string>;
  /**
   * For a mentee, the mentors they must not be shown for a no between them: a request the mentor declined, or a
   * coordinator's proposal either of them declined (mentorships/repository.ts, declinedItem). A request the
   * programme declined because the mentor's places were full is no one's no: that mentor comes back when a place
   * frees up. Gone from the next page on.
   */
  excluded: ReadonlySet<string> | undefined;
}

/**
 * The viewer's profile, blocks and declines: the DynamoDB reads of one directory page, as one BatchGetItem of
 * three small items (the profile, the summary of the viewer's blocks both ways, the mentee's DECLINED set).
 * Each request to DynamoDB costs the page's CPU its own SDK middleware, signature and HTTP exchange, and on the
 * local stage's one thread at 10 connections that CPU is what pages queue behind (`npm run bench -- directory`):
 * four requests a page became one. The DECLINED item of a viewer who is not a mentee does not exist, and costs
 * the batch nothing but its key.
 */
export const readViewer = async (memberId: string): Promise<ViewerReads> => {
  const [viewerItem, hiddenItem, declinedItem] = await getItems([memberItemRead(memberId), hiddenItemRead(memberId), declinedItemRead(memberId)]);
  const viewer = viewerItem as MemberItem | undefined;
  return { viewer, hidden: hiddenIdsOf(hiddenItem), excluded: viewer?.role === 'mentee' ? declinedMentorIdsOf(declinedItem) : undefined };
};

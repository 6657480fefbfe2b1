import { getMember, type MemberItem } from '../members';
import { hiddenFrom } from '../safeguarding/blocks';
import { excludedMentorIds } from './cache';

/** What a page needs to know of the signed-in viewer, read fresh on every page. */
export interface ViewerReads {
  viewer: MemberItem | undefined;
  /** Blocked members, whichever of them blocked: hidden at once. */
  hidden: ReadonlySet<string>;
  /** For a mentee, the mentors who said no (cache.ts, excludedMentorIds): gone at the next page. */
  excluded: ReadonlySet<string> | undefined;
}

/**
 * The viewer's profile, blocks and declines: the DynamoDB reads of one directory page, all at once. The
 * declines are asked for before the profile says whether the viewer is a mentee: a page waits for one
 * round trip instead of two, and a mentor's or coordinator's page pays an empty Query for it.
 */
export const readViewer = async (memberId: string): Promise<ViewerReads> => {
  const [viewer, hidden, declined] = await Promise.all([getMember(memberId, { consistent: false }), hiddenFrom(memberId), excludedMentorIds(memberId)]);
  return { viewer, hidden, excluded: viewer?.role === 'mentee' ? declined : undefined };
};

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
 * The viewer's profile, blocks and declines: the DynamoDB reads of one directory page. The declines wait for
 * the profile, so only a mentee's page reads them. Asking for them alongside saves one round trip (~0.7 ms
 * on a lone page) but costs every other viewer's page a Query, and at 10 connections on the local stage the
 * difference drowned in the machine's noise (directory bench, issue 28): not worth the reads.
 */
export const readViewer = async (memberId: string): Promise<ViewerReads> => {
  const [viewer, hidden] = await Promise.all([getMember(memberId, { consistent: false }), hiddenFrom(memberId)]);
  return { viewer, hidden, excluded: viewer?.role === 'mentee' ? await excludedMentorIds(viewer.id) : undefined };
};

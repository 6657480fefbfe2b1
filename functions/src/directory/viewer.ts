import { getItems } from '../lib/dynamo';
import { memberItemRead, type MemberItem } from '../members';
import { hiddenIdsOf, hiddenItemRead } from '../safeguarding/blocks';
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
 * The viewer's profile, blocks and declines: the DynamoDB reads of one directory page. The profile and the
 * summary of the viewer's blocks (both ways) go out as one BatchGetItem: each request to DynamoDB costs the
 * page's CPU its own SDK middleware, signature and HTTP exchange, and on the local stage's one thread at
 * 10 connections that CPU is what pages queue behind (directory bench, issue 28). The declines wait for the
 * profile, so only a mentee's page reads them: asking alongside would save a lone page ~0.7 ms of waiting but
 * cost every other viewer's page a Query.
 */
export const readViewer = async (memberId: string): Promise<ViewerReads> => {
  const [viewerItem, hiddenItem] = await getItems([memberItemRead(memberId), hiddenItemRead(memberId)]);
  const viewer = viewerItem as MemberItem | undefined;
  return { viewer, hidden: hiddenIdsOf(hiddenItem), excluded: viewer?.role === 'mentee' ? await excludedMentorIds(viewer.id) : undefined };
};

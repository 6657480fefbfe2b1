/** A raised hand: who asked, and for what (Stream's permission request: send-audio, and on a workshop send-video). */
export interface RaisedHand {
  userId: string;
  name: string;
  permissions: string[];
}

/** A hand joins the end of the queue; a hand raised again keeps its place and adds what it asks for. */
export const raiseHand = (queue: readonly RaisedHand[], hand: RaisedHand): RaisedHand[] => {
  const earlier = queue.find((each) => each.userId === hand.userId);
  if (!earlier) return [...queue, hand];
  const permissions = [...new Set([...earlier.permissions, ...hand.permissions])];
  return queue.map((each) => (each === earlier ? { ...earlier, permissions } : each));
};

/** Answered (brought on stage or dismissed): out of the queue. */
export const lowerHand = (queue: readonly RaisedHand[], userId: string): RaisedHand[] => queue.filter((each) => each.userId !== userId);

/** The hands of those still in the call, in the order they were raised: one who left cannot be brought on stage. */
export const handsInCall = (queue: readonly RaisedHand[], present: ReadonlySet<string>): RaisedHand[] => queue.filter((each) => present.has(each.userId));

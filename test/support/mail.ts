/**
 * The messages the local stage's SES stand-in (aws-ses-v2-local) received: what a member would have found in their
 * mailbox. `sesEndpoint` is the stage info's `ses.endpoint` (`inject('sesEndpoint')` in integration tests).
 */
export interface SentMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { filename?: string; contentType: string; content: string; size: number }[];
  /** Seconds since the epoch. */
  at: number;
}

/** Every message sent to this address (To, Cc or Bcc; case-insensitive), oldest first. */
export const mailTo = async (sesEndpoint: string, address: string): Promise<SentMail[]> => {
  const response = await fetch(`${sesEndpoint}/store`);
  if (!response.ok) throw new Error(`The SES stand-in answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: SentMail[] };
  const wanted = address.toLowerCase();
  const matches = (entry: string) => (entry.match(/<([^>]+)>/)?.[1] ?? entry).trim().toLowerCase() === wanted;
  return emails.filter(({ destination }) => [...destination.to, ...destination.cc, ...destination.bcc].some(matches));
};

/**
 * Waits for a message to this address that `accept` likes (the first one by default): mail sent by a bus consumer
 * arrives a little after the request that caused it.
 */
export const waitForMail = async (
  sesEndpoint: string,
  address: string,
  accept: (mail: SentMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<SentMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(sesEndpoint, address)).find(accept);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

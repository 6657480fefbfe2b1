/**
 * The e-mail about unread messages (DOMAIN.md, "Notifications"): who wrote and where to read it, never what they
 * wrote, so a forwarded or shared inbox shows nothing of the conversation.
 */
import { appLink } from './links';
import type { Letter } from './mentorships';

export const messageMails = {
  unread: ({ mentorshipId, writerName }: { mentorshipId: string; writerName: string }): Letter => (site) => ({
    subject: `${writerName} wrote to you`,
    text: [
      `${writerName} sent you a message you have not read yet.`,
      '',
      `Read and answer it: ${appLink(site, `/mentorships/${mentorshipId}`)}`,
      '',
      'You get one e-mail per conversation until you read it; muted conversations send none.',
      '',
    ].join('\n'),
  }),
};

import { appLink } from './links';
import type { Letter } from './mentorships';

/** To the coordinators: one side of a pair answered the fit check with "not a fit". */
export const notAFitMail =
  (mentorshipId: string, { side, mentorName, menteeName }: { side: 'mentor' | 'mentee'; mentorName: string; menteeName: string }): Letter =>
  (site) => ({
    subject: `A pair may not fit: ${mentorName} and ${menteeName}`,
    text: [
      `After their first session, the ${side} of the mentorship between ${mentorName} (mentor) and ${menteeName} (mentee) answered the fit check with "not a fit".`,
      'You may want to talk to them, and offer another match if they wish.',
      '',
      `Open the mentorship: ${appLink(site, `/mentorships/${mentorshipId}`)}`,
      '',
    ].join('\n'),
  });

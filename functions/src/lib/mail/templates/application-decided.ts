import type { Mail } from '../send';
import { appLink } from './links';

/** To a member whose application a coordinator approved or rejected, with the coordinator's note. */
export const applicationDecided = ({
  site,
  name,
  role,
  programme,
  decision,
  note,
}: {
  /** The app's origin, for links. */
  site: string;
  name: string;
  role: 'mentor' | 'mentee';
  programme: string;
  decision: 'approved' | 'rejected';
  note: string | null;
}): Omit<Mail, 'to'> => {
  const noteLines = note ? ['', 'The coordinator wrote:', '', ...note.split('\n').map((line) => `  ${line}`)] : [];
  if (decision === 'approved') {
    const next =
      role === 'mentor'
        ? `Your profile is now in the mentor directory whenever you accept requests and have a place free. See it here: ${appLink(site, '/profile')}`
        : `You can now look for a mentor: ${appLink(site, '/mentors')}`;
    return {
      subject: `Your application to ${programme} was approved`,
      text: [`Hello ${name},`, '', `your application as a ${role} to ${programme} was approved.`, ...noteLines, '', next].join('\n'),
    };
  }
  return {
    subject: `Your application to ${programme} was not approved`,
    text: [
      `Hello ${name},`,
      '',
      `a coordinator of ${programme} did not approve your application as a ${role}.`,
      ...noteLines,
      '',
      `You can change your profile and submit it again: ${appLink(site, '/profile')}`,
    ].join('\n'),
  };
};

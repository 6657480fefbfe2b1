import type { Mail } from '../send';
import { appLink } from './links';

/** To a member whose application now waits for a coordinator. */
export const applicationReceived = ({ site, name, role, programme }: { site: string; name: string; role: 'mentor' | 'mentee'; programme: string }): Omit<Mail, 'to'> => ({
  subject: `We received your application to ${programme}`,
  text: [
    `Hello ${name},`,
    '',
    `thank you for applying as a ${role} to ${programme}. A programme coordinator will review your profile and you will get an e-mail with their decision.`,
    '',
    `Until then you can still edit your profile: ${appLink(site, '/profile')}`,
  ].join('\n'),
});

import { COORDINATORS_GROUP } from '@mentoring/shared';
import { groupEmails } from '../lib/cognito';
import { computeDashboard } from '../coordination';
import { sendMail } from '../lib/mail/send';
import { weeklyDigest } from '../lib/mail/templates/weekly-digest';
import { emitMetric } from '../lib/metrics';
import { logger } from '../lib/powertools';
import { getProgramme } from '../programme';
import { scheduleHandler } from '../lib/schedule-handler';
import { siteUrl } from '../lib/site-url';

/**
 * Every week: the dashboard's "needs attention" list as of when the schedule was due, e-mailed to each
 * coordinator on their own (coordinators' addresses are not shown to each other). One failed address is
 * logged and counted and does not stop the others; a retry of the whole run may send a second copy.
 */
export const handler = scheduleHandler('weekly-digest', async ({ scheduledTime }) => {
  const [dashboard, programme, site, recipients] = await Promise.all([computeDashboard(scheduledTime), getProgramme(), siteUrl(), groupEmails(COORDINATORS_GROUP)]);
  const mail = weeklyDigest({ site, programme: programme.name, dashboard });
  let failed = 0;
  for (const to of recipients) {
    try {
      await sendMail({ to, ...mail });
    } catch (error) {
      failed += 1;
      logger.error('Weekly digest not sent', { error });
    }
  }
  emitMetric('DigestMailsSent', recipients.length - failed);
  logger.info('Weekly digest sent', { recipients: recipients.length, failed, items: dashboard.attention.length });
  if (recipients.length > 0 && failed === recipients.length) throw new Error('The weekly digest reached no coordinator');
});

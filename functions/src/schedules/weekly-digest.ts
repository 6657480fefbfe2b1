import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { COORDINATORS_GROUP } from '@mentoring/shared';
import { computeDashboard } from '../lib/coordination/dashboard-data';
import { requiredEnv } from '../lib/env';
import { sendMail } from '../lib/mail/send';
import { weeklyDigest } from '../lib/mail/templates/weekly-digest';
import { emitMetric } from '../lib/metrics';
import { logger } from '../lib/powertools';
import { getProgramme } from '../lib/repositories/programme';
import { scheduleHandler } from '../lib/schedule-handler';
import { siteUrl } from '../lib/site-url';

const cognito = new CognitoIdentityProviderClient({ maxAttempts: 2 });

/** The e-mail addresses of the coordinators' group, page by page. */
export const coordinatorEmails = async () => {
  const emails: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: requiredEnv('COGNITO_USER_POOL_ID'), GroupName: COORDINATORS_GROUP, NextToken, Limit: 60 }));
    for (const user of page.Users ?? []) {
      if (user.Enabled === false) continue;
      const email = user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value;
      if (email) emails.push(email);
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return [...new Set(emails)];
};

/**
 * Every week: the dashboard's "needs attention" list as of when the schedule was due, e-mailed to each
 * coordinator on their own (coordinators' addresses are not shown to each other). One failed address is
 * logged and counted and does not stop the others; a retry of the whole run may send a second copy.
 */
export const handler = scheduleHandler('weekly-digest', async ({ scheduledTime }) => {
  const [dashboard, programme, site, recipients] = await Promise.all([computeDashboard(scheduledTime), getProgramme(), siteUrl(), coordinatorEmails()]);
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

import type { AppEventDetail, AppEventType } from '@mentoring/shared';
import { publishAppEvent } from './event-bus';
import { sendMail, type Mail } from './mail/send';
import { logger } from './powertools';
import { siteUrl } from './site-url';
import { emitAlarmedMetric } from './metrics';

/**
 * Side effects after a state change is stored. The change is the truth and is stored exactly once (one
 * conditional write); what follows it must not undo it or make the caller retry it, so a failure here is
 * logged and counted (metric NotificationFailed, alarmed) and the request still succeeds.
 */
export const mailAfterWrite = async (mail: (site: string) => Mail, what: string) => {
  try {
    await sendMail(mail(await siteUrl()));
  } catch (error) {
    logger.error('E-mail not sent after a stored change', { what, error: error as Error });
    emitAlarmedMetric('NotificationFailed');
  }
};

export const publishAfterWrite = async <T extends AppEventType>(type: T, detail: AppEventDetail<T>) => {
  try {
    await publishAppEvent(type, detail);
  } catch (error) {
    logger.error('App event not published after a stored change', { type, error: error as Error });
    emitAlarmedMetric('NotificationFailed');
  }
};

/** Any follow-up of a stored change (several e-mails, schedules): logged and counted like the two above, never thrown. */
export const afterWrite = async (what: string, work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    logger.error('Follow-up of a stored change failed', { what, error: error as Error });
    emitAlarmedMetric('NotificationFailed');
  }
};

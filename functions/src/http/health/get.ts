import { httpHandler } from '../../lib/http/handler';
import { ok } from '../../lib/http/responses';

export const handler = httpHandler({ auth: 'none' }, async () =>
  ok({ status: 'ok', stage: process.env.STAGE ?? 'unknown', version: process.env.APP_VERSION ?? 'unknown' }),
);

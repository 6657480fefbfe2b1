import { httpHandler } from '../lib/http/handler';
import { HttpError } from '../lib/http/errors';

/** API Gateway's `$default` route: anything the route table does not name. */
export const handler = httpHandler({ auth: 'none' }, async ({ event }) => {
  throw new HttpError('not_found', `No route for ${event.requestContext.http.method} ${event.rawPath}.`);
});

import { httpHandler } from '../../lib/http/handler';
import { HttpError } from '../../lib/http/errors';
import { ok } from '../../lib/http/responses';

/** The signed-in caller as the API knows them: a small protected route the SPA and the tests can ask. */
export const handler = httpHandler({ auth: 'required' }, async ({ identity }) => {
  if (!identity) throw new HttpError('unauthenticated', 'Sign in to use this.');
  return ok({ id: identity.sub, email: identity.email, name: identity.name });
});

import * as z from 'zod';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { ok } from '../../lib/http/responses';
import { getStreamCredentials } from '../../lib/stream/credentials';
import { isGuestId, memberStreamId } from '../../lib/stream/stream-user-id';
// Awaited below so test/bench can swap in an async signer (jose) for comparison.
import { createUserToken } from '../../lib/stream/user-token';

const query = z.object({
  isGuest: z.enum(['true', 'false']),
  streamChatUuid: z.string().optional(),
  // Sent by the spec's client; only ever compared with the verified identity, never trusted.
  userId: z.string().optional(),
  userName: z.string().optional(),
  email: z.string().optional(),
});

const parseQuery = (params: Record<string, string | undefined> | undefined) => {
  const parsed = query.safeParse(params ?? {});
  if (!parsed.success) throw new HttpError('validation_failed', 'The query is invalid.', parsed.error.issues);
  return parsed.data;
};

/**
 * GET /api/chat/getOrCreateToken (spec point 7): a Stream user token for a guest id, or for the
 * signed-in member whose identity comes from the verified Cognito token.
 */
export const handler = httpHandler({ auth: 'optional' }, async ({ event, identity }) => {
  const params = parseQuery(event.queryStringParameters);

  if (params.isGuest === 'true') {
    if (!params.streamChatUuid) throw new HttpError('validation_failed', 'Guest mode requires a guest id (streamChatUuid).');
    if (!isGuestId(params.streamChatUuid)) {
      throw new HttpError('validation_failed', 'A guest id is "guest-" followed by a UUID.');
    }
    const { apiKey, apiSecret } = await getStreamCredentials();
    return ok({ token: await createUserToken(params.streamChatUuid, apiSecret), apiKey });
  }

  if (!identity) throw new HttpError('unauthenticated', 'Sign in to get a chat token.');
  if (params.userId !== undefined && params.userId !== identity.sub) {
    throw new HttpError('forbidden', 'A token can only be issued for the signed-in member.');
  }
  const { apiKey, apiSecret } = await getStreamCredentials();
  const streamChatUuid = memberStreamId(identity.sub);
  return ok({
    token: await createUserToken(streamChatUuid, apiSecret),
    apiKey,
    user: {
      streamChatUuid,
      id: identity.sub,
      name: identity.name ?? identity.email?.split('@')[0] ?? 'Member',
      email: identity.email ?? '',
    },
  });
});

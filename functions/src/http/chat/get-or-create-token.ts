import { route } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { emitMetric } from '../../lib/metrics';
import { getStreamCredentials } from '../../lib/stream/credentials';
import { isGuestId, memberStreamId } from '../../lib/stream/stream-user-id';
// Awaited below so test/bench can swap in an async signer (jose) for comparison.
import { createUserToken } from '../../lib/stream/user-token';

/**
 * GET /api/chat/getOrCreateToken (docs/product-spec.md, point 7): a Stream user token for a guest id, or for the
 * signed-in member whose identity comes from the verified Cognito token.
 */
export const handler = httpHandler(route('GET /api/chat/getOrCreateToken'), async ({ query: params, identity }) => {

  if (params.isGuest === 'true') {
    if (!params.streamChatUuid) throw new HttpError('validation_failed', 'Guest mode requires a guest id (streamChatUuid).');
    if (!isGuestId(params.streamChatUuid)) {
      throw new HttpError('validation_failed', 'A guest id is "guest-" followed by a UUID.');
    }
    const { apiKey, apiSecret } = await getStreamCredentials();
    const token = await createUserToken(params.streamChatUuid, apiSecret);
    emitMetric('TokensMinted', 1, { kind: 'guest' });
    return { token, apiKey };
  }

  if (!identity) throw new HttpError('unauthenticated', 'Sign in to get a chat token.');
  if (params.userId !== undefined && params.userId !== identity.sub) {
    throw new HttpError('forbidden', 'A token can only be issued for the signed-in member.');
  }
  const { apiKey, apiSecret } = await getStreamCredentials();
  const streamChatUuid = memberStreamId(identity.sub);
  const token = await createUserToken(streamChatUuid, apiSecret);
  emitMetric('TokensMinted', 1, { kind: 'member' });
  return {
    token,
    apiKey,
    user: {
      streamChatUuid,
      id: identity.sub,
      name: identity.name ?? identity.email?.split('@')[0] ?? 'Member',
      email: identity.email ?? '',
    },
  };
});

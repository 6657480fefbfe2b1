import { GUEST_USER_NAME, routeIn, streamRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { emitMetric } from '../../lib/metrics';
import { getStreamCredentials } from '../../lib/stream/credentials';
import { streamServerClient } from '../../lib/stream/server-client';
import { verifyGuestInvitation } from '../../calls';
import { GUEST_STREAM_ROLE, isGuestId, memberStreamId } from '../../lib/stream/stream-user-id';
// Awaited below so test/bench can swap in an async signer (jose) for comparison.
import { createUserToken, USER_TOKEN_VALIDITY_SECONDS } from '../../lib/stream/user-token';

/**
 * GET /api/chat/getOrCreateToken (docs/product-spec.md, point 7): for a guest with a valid invitation, a Stream call token
 * good for the invited call only, with the guest role; for the signed-in member whose identity comes from
 * the verified Cognito token, a Stream user token.
 */
export const handler = httpHandler(routeIn(streamRoutes, 'GET /api/chat/getOrCreateToken'), async ({ query: params, identity }) => {

  if (params.isGuest === 'true') {
    if (!params.streamChatUuid) throw new HttpError('validation_failed', 'Guest mode requires a guest id (streamChatUuid).');
    if (!isGuestId(params.streamChatUuid)) {
      throw new HttpError('validation_failed', 'A guest id is "guest-" followed by a UUID.');
    }
    if (!params.invitation) throw new HttpError('unauthenticated', 'A guest needs an invitation to a call.');
    const { apiKey, apiSecret } = await getStreamCredentials();
    const check = verifyGuestInvitation(apiSecret, params.invitation);
    if (!check.ok) {
      throw new HttpError('unauthenticated', check.reason === 'expired' ? 'This invitation has expired; ask for a new link.' : 'This invitation is not valid.');
    }
    const callCid = check.payload.cid;
    const client = await streamServerClient();
    // The guest's Stream user is made here, with the guest role, before the browser can connect and have Stream
    // make it with the default role 'user' (which may create calls and use chat).
    await client.upsertUsers([{ id: params.streamChatUuid, name: GUEST_USER_NAME, role: GUEST_STREAM_ROLE, custom: { invitedTo: callCid } }]);
    // A call token: good for this one call only, and the guest's role within it.
    const token = client.generateCallToken({
      user_id: params.streamChatUuid,
      role: GUEST_STREAM_ROLE,
      call_cids: [callCid],
      validity_in_seconds: USER_TOKEN_VALIDITY_SECONDS,
    });
    emitMetric('TokensMinted', 1, { kind: 'guest' });
    return { token, apiKey, callCid };
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

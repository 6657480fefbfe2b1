import { messages } from '@mentoring/shared/messages';
import { api } from '../api-client';

/** A chat setup failure: its message is one of the spec's, logged and never shown. */
export class ChatSetupError extends Error {}

type TokenAnswer = Partial<Awaited<ReturnType<typeof api<'GET /api/chat/getOrCreateToken'>>>>;

// An error answer carries no token; the caller reports it with the spec's message.
const noToken = (): TokenAnswer => ({});

/** A guest's call token: the server issues one only against the signed invitation from the guest's link. */
export const fetchGuestToken = async (guestId: string, invitation: string | undefined) => {
  const body = await api('GET /api/chat/getOrCreateToken', { query: { streamChatUuid: guestId, isGuest: 'true', invitation } }).catch(noToken);
  if (!body.token || !body.apiKey) throw new ChatSetupError(messages.chatSetup.noGuestToken);
  return { token: body.token, apiKey: body.apiKey };
};

/** The member's token; the ID token goes with it through the API client, and the identity comes from that. */
export const fetchMemberToken = async (member: { id: string; name: string; email: string }) => {
  const body = await api('GET /api/chat/getOrCreateToken', {
    query: { userId: member.id, userName: member.name, email: member.email, isGuest: 'false' },
  }).catch(noToken);
  if (!body.token || !body.apiKey) throw new ChatSetupError(messages.chatSetup.noUserToken);
  if (!body.user?.streamChatUuid) throw new ChatSetupError(messages.chatSetup.noStreamChatUuid);
  return { token: body.token, apiKey: body.apiKey, streamChatUuid: body.user.streamChatUuid, name: body.user.name ?? member.name };
};

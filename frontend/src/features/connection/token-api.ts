import { messages } from '@mentoring/shared';

export interface ChatTokenResponse {
  token?: string;
  apiKey?: string;
  user?: { streamChatUuid?: string; id?: string; name?: string; email?: string };
}

/** A chat setup failure: its message is one of the spec's, logged and never shown. */
export class ChatSetupError extends Error {}

const TOKEN_PATH = '/api/chat/getOrCreateToken';

const request = async (query: Record<string, string>, idToken?: string) => {
  const response = await fetch(`${TOKEN_PATH}?${new URLSearchParams(query)}`, {
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    credentials: 'same-origin',
  });
  // An error answer carries no token; the caller reports it with the spec's message.
  return response.ok ? ((await response.json()) as ChatTokenResponse) : {};
};

export const fetchGuestToken = async (guestId: string) => {
  const body = await request({ streamChatUuid: guestId, isGuest: 'true' });
  if (!body.token || !body.apiKey) throw new ChatSetupError(messages.chatSetup.noGuestToken);
  return { token: body.token, apiKey: body.apiKey };
};

export const fetchMemberToken = async (member: { id: string; name: string; email: string }, idToken: string | null) => {
  const body = await request(
    { userId: member.id, userName: member.name, email: member.email, isGuest: 'false' },
    idToken ?? undefined,
  );
  if (!body.token || !body.apiKey) throw new ChatSetupError(messages.chatSetup.noUserToken);
  if (!body.user?.streamChatUuid) throw new ChatSetupError(messages.chatSetup.noStreamChatUuid);
  return { token: body.token, apiKey: body.apiKey, streamChatUuid: body.user.streamChatUuid, name: body.user.name ?? member.name };
};

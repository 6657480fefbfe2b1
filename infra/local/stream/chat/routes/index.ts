import type { ChatContext, Handler } from '../context';
import { channelLifecycleRoutes } from './channel-lifecycle';
import { channelRoutes } from './channels';
import { messageRoutes } from './messages';
import { muteRoutes } from './mutes';
import { pollRoutes } from './polls';
import { reactionRoutes } from './reactions';
import { readStateRoutes } from './read-state';
import { uploadRoutes } from './uploads';
import { userLifecycleRoutes } from './user-lifecycle';
import { userRoutes } from './users';

export interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  endpoint: string;
  handler: Handler;
}

/**
 * Chat's REST routes: each method and path (`:name` a parameter, `:name(a|b)` one of some words) to its endpoint's
 * name and handler; and the attachments' own GET, which takes no token: an attachment's URL, with its random part, is
 * what lets one read it.
 */
export const chatRoutes = (ctx: ChatContext) => {
  const { queryChannels, getOrCreate, updateChannelPartial, updateChannel, stopWatching, getPinnedMessages } = channelRoutes(ctx);
  const { reactivateUsers, restoreUsers, sendUserEvent } = userLifecycleRoutes(ctx);
  const { hide, show, truncate, deleteChannel, queryMembers } = channelLifecycleRoutes(ctx);
  const { muteChannel, unmuteChannel, muteUser, unmuteUser } = muteRoutes(ctx);
  const polls = pollRoutes(ctx);
  const { sendMessage, getManyMessages, getMessage, updateMessage, partialUpdateMessage, deleteMessage, getReplies, search } = messageRoutes(ctx);
  const { sendReaction, deleteReaction, getReactions } = reactionRoutes(ctx);
  const { sendEvent, markRead, markUnread, markAllRead, getUnread } = readStateRoutes(ctx);
  const { upload, serveAttachment } = uploadRoutes(ctx);
  const { queryUsers, upsertUsers, partialUpdateUsers, deactivateUser, reactivateUser, deleteUsers, deleteUser, getTask, appSettings } = userRoutes(ctx);

  const routes: Route[] = [];
  const route = (method: string, path: string, endpoint: string, handler: Handler) => {
    const names: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string, only?: string) => (names.push(name), only ?? '([^/]+)'))}$`);
    routes.push({ method, pattern, names, endpoint, handler });
  };
  // The browser client (stream-chat) uses the bare paths, the node SDK the /api/v2/chat ones; both reach the same code.
  for (const prefix of ['', '/api/v2/chat']) {
    route('POST', `${prefix}/channels`, 'QueryChannels', queryChannels);
    route('POST', `${prefix}/channels/:type/query`, 'GetOrCreateChannel', getOrCreate);
    route('POST', `${prefix}/channels/:type/:id/query`, 'GetOrCreateChannel', getOrCreate);
    route('PATCH', `${prefix}/channels/:type/:id`, 'UpdateChannelPartial', updateChannelPartial);
    route('POST', `${prefix}/channels/:type/:id`, 'UpdateChannel', updateChannel);
    route('POST', `${prefix}/channels/:type/:id/stop-watching`, 'StopWatchingChannel', stopWatching);
    route('DELETE', `${prefix}/channels/:type/:id`, 'DeleteChannel', deleteChannel);
    route('POST', `${prefix}/channels/:type/:id/truncate`, 'TruncateChannel', truncate);
    route('POST', `${prefix}/channels/:type/:id/hide`, 'HideChannel', hide);
    route('POST', `${prefix}/channels/:type/:id/show`, 'ShowChannel', show);
    route('GET', `${prefix}/members`, 'QueryMembers', queryMembers);
    route('POST', `${prefix}/users/:userId/event`, 'SendUserCustomEvent', sendUserEvent);
    route('POST', `${prefix}/channels/:type/:id/message`, 'SendMessage', sendMessage);
    route('GET', `${prefix}/channels/:type/:id/messages`, 'GetManyMessages', getManyMessages);
    route('GET', `${prefix}/channels/:type/:id/pinned_messages`, 'GetPinnedMessages', getPinnedMessages);
    route('POST', `${prefix}/channels/:type/:id/event`, 'SendEvent', sendEvent);
    route('POST', `${prefix}/channels/:type/:id/read`, 'MarkRead', markRead);
    route('POST', `${prefix}/channels/:type/:id/unread`, 'MarkUnread', markUnread);
    route('POST', `${prefix}/channels/read`, 'MarkAllRead', markAllRead);
    route('POST', `${prefix}/channels/:type/:id/:kind(file|image)`, 'UploadFile', upload);
    route('DELETE', `${prefix}/channels/:type/:id/:kind(file|image)`, 'DeleteFile', async () => ({}));
    route('GET', `${prefix}/messages/:messageId`, 'GetMessage', getMessage);
    route('POST', `${prefix}/messages/:messageId`, 'UpdateMessage', updateMessage);
    route('PUT', `${prefix}/messages/:messageId`, 'UpdateMessagePartial', partialUpdateMessage);
    route('DELETE', `${prefix}/messages/:messageId`, 'DeleteMessage', deleteMessage);
    route('GET', `${prefix}/messages/:messageId/replies`, 'GetReplies', getReplies);
    route('POST', `${prefix}/messages/:messageId/reaction`, 'SendReaction', sendReaction);
    route('DELETE', `${prefix}/messages/:messageId/reaction/:reactionType`, 'DeleteReaction', deleteReaction);
    route('GET', `${prefix}/messages/:messageId/reactions`, 'GetReactions', getReactions);
    route('GET', `${prefix}/unread`, 'UnreadCounts', getUnread);
    route('GET', `${prefix}/search`, 'Search', search);
    route('POST', `${prefix}/moderation/mute/channel`, 'MuteChannel', muteChannel);
    route('POST', `${prefix}/moderation/unmute/channel`, 'UnmuteChannel', unmuteChannel);
    route('POST', `${prefix}/messages/:messageId/polls/:pollId/vote`, 'CastPollVote', polls.castVote);
    route('DELETE', `${prefix}/messages/:messageId/polls/:pollId/vote/:voteId`, 'RemovePollVote', polls.removeVote);
  }
  for (const prefix of ['', '/api/v2']) {
    route('POST', `${prefix}/polls`, 'CreatePoll', polls.createPoll);
    route('PUT', `${prefix}/polls`, 'UpdatePoll', polls.updatePoll);
    route('POST', `${prefix}/polls/query`, 'QueryPolls', polls.queryPolls);
    route('GET', `${prefix}/polls/:pollId`, 'GetPoll', polls.getPoll);
    route('PATCH', `${prefix}/polls/:pollId`, 'UpdatePollPartial', polls.partialUpdatePoll);
    route('DELETE', `${prefix}/polls/:pollId`, 'DeletePoll', polls.deletePoll);
    route('POST', `${prefix}/polls/:pollId/options`, 'CreatePollOption', polls.createOption);
    route('PUT', `${prefix}/polls/:pollId/options`, 'UpdatePollOption', polls.updateOption);
    route('GET', `${prefix}/polls/:pollId/options/:optionId`, 'GetPollOption', polls.getOption);
    route('DELETE', `${prefix}/polls/:pollId/options/:optionId`, 'DeletePollOption', polls.deleteOption);
    route('POST', `${prefix}/polls/:pollId/votes`, 'QueryPollVotes', polls.queryVotes);
    route('POST', `${prefix}/moderation/mute`, 'MuteUser', muteUser);
    route('POST', `${prefix}/moderation/unmute`, 'UnmuteUser', unmuteUser);
  }
  for (const prefix of ['', '/api/v2']) {
    route('GET', `${prefix}/users`, 'QueryUsers', queryUsers);
    route('POST', `${prefix}/users`, 'UpdateUsers', upsertUsers);
    route('PATCH', `${prefix}/users`, 'UpdateUsersPartial', partialUpdateUsers);
    route('POST', `${prefix}/users/:userId/deactivate`, 'DeactivateUser', deactivateUser);
    route('POST', `${prefix}/users/:userId/reactivate`, 'ReactivateUser', reactivateUser);
    route('POST', `${prefix}/users/delete`, 'DeleteUsers', deleteUsers);
    route('DELETE', `${prefix}/users/:userId`, 'DeleteUser', deleteUser);
    route('POST', `${prefix}/users/reactivate`, 'ReactivateUsers', reactivateUsers);
    route('POST', `${prefix}/users/restore`, 'RestoreUsers', restoreUsers);
    route('GET', `${prefix}/app`, 'GetApp', appSettings);
  }
  route('GET', '/api/v2/tasks/:taskId', 'GetTask', getTask);

  return { routes, serveAttachment };
};

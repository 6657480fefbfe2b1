import { StreamApiError } from '../../errors';
import { type ChatContext, type Handler } from '../context';
import type { StoredMute } from '../state';

/**
 * Mutes, as Stream keeps them per muting user: a muted channel counts no unread messages and a muted user is only
 * listed (Stream leaves what a mute hides to the client). Each change reaches the user's own sockets as
 * notification.channel_mutes_updated or notification.mutes_updated with `me`.
 */
export const muteRoutes = (ctx: ChatContext) => {
  const { store, state, hub, users, ownUser, channelMutes, userMutes, requireMember, actingUser } = ctx;

  const targets = (body: Record<string, unknown>, one: string, many: string) => {
    const list = [...(typeof body[one] === 'string' ? [body[one]] : []), ...(Array.isArray(body[many]) ? (body[many] as unknown[]) : [])].filter((t): t is string => typeof t === 'string' && t !== '');
    if (!list.length) throw new StreamApiError('inputError', `either ${one} or ${many} must be provided`);
    return list;
  };

  const upsert = (mutes: StoredMute[], target: string, expires: string | undefined) => {
    const now = new Date().toISOString();
    const existing = mutes.find((mute) => mute.target === target);
    const mute = existing ?? { target, created_at: now, updated_at: now };
    mute.updated_at = now;
    if (expires) mute.expires = expires;
    else delete mute.expires;
    if (!existing) mutes.push(mute);
  };

  const tell = (userId: string, type: 'notification.channel_mutes_updated' | 'notification.mutes_updated') => {
    const me = ownUser(userId);
    for (const connection of hub.all()) if (connection.userId === userId) hub.send(connection, { type, me, created_at: new Date().toISOString() });
  };

  const muteChannel: Handler = async (request) => {
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    const cids = targets(body, 'channel_cid', 'channel_cids');
    for (const cid of cids) {
      const [type = '', id = ''] = cid.split(':');
      const channel = state.channels[cid];
      if (!channel) throw new StreamApiError('doesNotExist', `Channel "${type}:${id}" does not exist`);
      requireMember(request.caller.server ? { server: false, userId } : request.caller, channel, 'MuteChannel');
    }
    // Stream's channel mute takes its duration in milliseconds.
    const expires = typeof body.expiration === 'number' && body.expiration > 0 ? new Date(Date.now() + body.expiration).toISOString() : undefined;
    const mutes = (state.channelMutes[userId] ??= []);
    for (const cid of cids) upsert(mutes, cid, expires);
    store.changed();
    tell(userId, 'notification.channel_mutes_updated');
    const all = channelMutes(userId);
    return { channel_mute: all.find((mute) => mute.channel.cid === cids[0]), channel_mutes: all.filter((mute) => cids.includes(mute.channel.cid)), own_user: ownUser(userId) };
  };

  const unmuteChannel: Handler = async (request) => {
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    const cids = targets(body, 'channel_cid', 'channel_cids');
    state.channelMutes[userId] = (state.channelMutes[userId] ?? []).filter((mute) => !cids.includes(mute.target));
    store.changed();
    tell(userId, 'notification.channel_mutes_updated');
    return {};
  };

  const muteUser: Handler = async (request) => {
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    const ids = targets(body, 'target_id', 'target_ids');
    const missing = ids.filter((id) => !users.get(id));
    if (ids.includes(userId)) throw new StreamApiError('inputError', 'a user cannot mute themselves');
    // Stream's user mute takes its duration in minutes.
    const expires = typeof body.timeout === 'number' && body.timeout > 0 ? new Date(Date.now() + body.timeout * 60_000).toISOString() : undefined;
    const mutes = (state.userMutes[userId] ??= []);
    for (const id of ids) if (!missing.includes(id)) upsert(mutes, id, expires);
    store.changed();
    tell(userId, 'notification.mutes_updated');
    const all = userMutes(userId).map((mute) => ({ ...mute, target: mute.target as { id: string } }));
    return { mute: all.find((mute) => mute.target.id === ids[0]), mutes: all.filter((mute) => ids.includes(mute.target.id)), own_user: ownUser(userId), ...(missing.length ? { non_existing_users: missing } : {}) };
  };

  const unmuteUser: Handler = async (request) => {
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    const ids = targets(body, 'target_id', 'target_ids');
    state.userMutes[userId] = (state.userMutes[userId] ?? []).filter((mute) => !ids.includes(mute.target));
    store.changed();
    tell(userId, 'notification.mutes_updated');
    return {};
  };

  return { muteChannel, unmuteChannel, muteUser, unmuteUser };
};

import type { Channel, ChannelFilters, ChannelManagerState, ChannelOptions, ChannelSort, StreamChat } from 'stream-chat';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';

const sort: ChannelSort = { last_message_at: -1 };
const options: ChannelOptions = { state: true, presence: true, watch: true, limit: 20 };

export interface ChannelList extends ChannelManagerState {
  /** The next page, when pagination.hasNext says there is one. */
  loadMore: () => void;
  /** Queries the first page again (after an error). */
  retry: () => void;
  /** Puts a channel opened from elsewhere (the member search) at the top of the list, once. */
  show: (channel: Channel) => void;
}

/**
 * The member's channels, newest activity first, on stream-chat's ChannelManager: it queries and pages, and its
 * event handlers keep the list in order (a new message moves its channel to the top, a channel the member is added
 * to appears, a deleted or hidden one goes). Each row follows its own channel for unread counts and the last message.
 */
export const useChannelList = (client: StreamChat, userId: string): ChannelList => {
  const manager = useMemo(() => client.createChannelManager({}), [client]);
  const subscribe = useCallback((changed: () => void) => manager.state.subscribe(() => changed()), [manager]);
  const state = useSyncExternalStore(subscribe, () => manager.state.getLatestValue());

  const load = useCallback(() => {
    const filters: ChannelFilters = { type: 'messaging', members: { $in: [userId] } };
    // Query errors land in the manager's state (after its own retries); anything else is logged.
    manager.queryChannels(filters, sort, options).catch((error: unknown) => console.error('Loading the channel list failed', error));
  }, [manager, userId]);

  useEffect(() => {
    manager.registerSubscriptions();
    load();
    return () => {
      manager.unregisterSubscriptions();
    };
  }, [manager, load]);

  const loadMore = useCallback(() => {
    manager.loadNext().catch((error: unknown) => console.error('Loading more channels failed', error));
  }, [manager]);
  const show = useCallback(
    (channel: Channel) => manager.setChannels((channels) => (channels.some((listed) => listed.cid === channel.cid) ? channels : [channel, ...channels])),
    [manager],
  );
  return useMemo(() => ({ ...state, loadMore, retry: load, show }), [state, loadMore, load, show]);
};

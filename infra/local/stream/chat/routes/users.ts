import { StreamApiError } from '../../errors';
import { matchesFilter, normaliseSort, sortBy, type Filter } from '../../filters';
import type { UserInput } from '../../users';
import { type ChatContext, type Handler } from '../context';
import { completedTask } from './user-lifecycle';

/** Users: search, upsert, partial update, deactivate, reactivate, delete (a task), and the app's settings. */
export const userRoutes = (ctx: ChatContext) => {
  const { store, messageIndex, tasks, hub, users, sendWebhook, requireServer } = ctx;

  const queryUsers: Handler = async (request) => {
    const payload = JSON.parse(request.url.searchParams.get('payload') ?? '{}') as { filter_conditions?: Filter; sort?: unknown; limit?: number; offset?: number; include_deactivated_users?: boolean };
    const matching = users
      .list()
      .filter((user) => !user.deleted_at && (payload.include_deactivated_users || !user.deactivated_at))
      .filter((user) => matchesFilter({ ...user.custom, id: user.id, name: user.name, role: user.role, teams: user.teams ?? [], created_at: user.created_at, last_active: user.last_active }, payload.filter_conditions));
    const sort = normaliseSort(payload.sort);
    const sorted = sortBy(matching, sort.length ? sort : [{ field: 'created_at', direction: -1 }], (user, field) => (user as unknown as Record<string, unknown>)[field] ?? user.custom[field]);
    const offset = Number(payload.offset ?? 0);
    return { users: sorted.slice(offset, offset + Number(payload.limit ?? 30)).map((user) => users.response(user)) };
  };

  const upsertUsers: Handler = async (request) => {
    const body = await request.body();
    const input = body.users;
    const list = (Array.isArray(input) ? input : Object.values((input as Record<string, UserInput> | undefined) ?? {})) as UserInput[];
    if (!request.caller.server && list.some((user) => user.id !== (request.caller as { userId: string }).userId || user.role)) {
      throw new StreamApiError('notAllowed', 'a user may only update their own user, and not its role');
    }
    const answered: Record<string, unknown> = {};
    for (const user of list) answered[user.id] = users.response(users.upsert(user));
    return { users: answered };
  };

  const partialUpdateUsers: Handler = async (request) => {
    requireServer(request.caller);
    const body = await request.body();
    const answered: Record<string, unknown> = {};
    for (const change of (body.users as { id: string; set?: Record<string, unknown>; unset?: string[] }[] | undefined) ?? []) {
      answered[change.id] = users.response(users.partialUpdate(change.id, change));
    }
    return { users: answered };
  };

  const deactivateUser: Handler = async (request) => {
    requireServer(request.caller);
    const user = users.deactivate(request.params.userId!);
    hub.disconnectUser(user.id, 'user deactivated');
    sendWebhook({ type: 'user.deactivated', user: users.response(user), created_at: new Date().toISOString() });
    return { user: users.response(user) };
  };

  const reactivateUser: Handler = async (request) => {
    requireServer(request.caller);
    const user = users.reactivate(request.params.userId!);
    sendWebhook({ type: 'user.reactivated', user: users.response(user), created_at: new Date().toISOString() });
    return { user: users.response(user) };
  };

  type DeleteMode = 'soft' | 'pruning' | 'hard';
  /** Disconnects the user, marks their messages deleted when asked, and deletes (or prunes) the user. */
  const removeUser = (id: string, userMode: DeleteMode, messageMode: DeleteMode | undefined, now: string) => {
    hub.disconnectUser(id, 'user deleted');
    if (messageMode) {
      for (const message of messageIndex.values()) {
        if (message.user_id === id && message.type !== 'deleted') Object.assign(message, { type: 'deleted', deleted_at: now, updated_at: now, text: '', attachments: [] });
      }
    }
    return users.delete(id, userMode);
  };

  const deleteUsers: Handler = async (request) => {
    requireServer(request.caller);
    const body = await request.body();
    const ids = (body.user_ids as string[] | undefined) ?? [];
    const now = new Date().toISOString();
    for (const id of ids) removeUser(id, (body.user as DeleteMode | undefined) ?? 'soft', body.messages as DeleteMode | undefined, now);
    store.changed();
    return completedTask(tasks, ids, now);
  };

  /** DELETE /users/{id} (stream-chat's deleteUser): the one user at once, `hard_delete` and `mark_messages_deleted` as query flags. */
  const deleteUser: Handler = async (request) => {
    requireServer(request.caller);
    const id = request.params.userId!;
    if (!users.get(id)) throw new StreamApiError('doesNotExist', `user "${id}" does not exist`);
    const flag = (name: string) => request.url.searchParams.get(name) === 'true';
    const now = new Date().toISOString();
    const user = { ...users.response(id), deleted_at: now }; // before a hard delete takes it away
    removeUser(id, flag('hard_delete') ? 'hard' : 'soft', flag('mark_messages_deleted') ? (flag('hard_delete') ? 'hard' : 'soft') : undefined, now);
    store.changed();
    sendWebhook({ type: 'user.deleted', user, created_at: now });
    return { user };
  };

  const getTask: Handler = async (request) => {
    requireServer(request.caller);
    const task = tasks.get(request.params.taskId!);
    if (!task) throw new StreamApiError('doesNotExist', `task ${request.params.taskId} does not exist`);
    return task;
  };

  const appSettings: Handler = async () => {
    const uploads = { allowed_file_extensions: [], blocked_file_extensions: [], allowed_mime_types: [], blocked_mime_types: [], size_limit: 100 * 1024 * 1024 };
    return {
      app: {
        name: 'local Stream stand-in',
        organization: 'local',
        file_upload_config: uploads,
        image_upload_config: uploads,
        disable_permissions_checks: false,
        disable_auth_checks: false,
        multi_tenant_enabled: false,
        permission_version: 'v2',
        auto_translation_enabled: false,
        enforce_unique_usernames: 'no',
        reminders_interval: 0,
        polls_enabled: true,
        push_notifications: { version: 'v3', offline_only: false, providers: [] },
        policies: {},
        grants: {},
        call_types: {},
        channel_configs: {},
      },
    };
  };

  return { queryUsers, upsertUsers, partialUpdateUsers, deactivateUser, reactivateUser, deleteUsers, deleteUser, getTask, appSettings };
};

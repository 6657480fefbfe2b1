import { randomUUID } from 'node:crypto';
import { StreamApiError } from '../../errors';
import { type ChatContext, type Handler } from '../context';

/** Stream answers a batch call on users with a task; the stand-in's are done at once. */
export const completedTask = (tasks: ChatContext['tasks'], ids: string[], now = new Date().toISOString()) => {
  const taskId = randomUUID();
  tasks.set(taskId, { task_id: taskId, status: 'completed', created_at: now, updated_at: now, result: Object.fromEntries(ids.map((id) => [id, { status: 'ok' }])) });
  return { task_id: taskId };
};

/**
 * The server's batch calls on users (reactivate and restore many at once, each a task, as Stream answers them) and a
 * custom event to a user, delivered to all of that user's sockets.
 */
export const userLifecycleRoutes = (ctx: ChatContext) => {
  const { tasks, hub, users, sendWebhook, requireServer } = ctx;

  const userIds = (body: Record<string, unknown>) => {
    const ids = body.user_ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) throw new StreamApiError('inputError', 'user_ids is a required field');
    return ids as string[];
  };

  const reactivateUsers: Handler = async (request) => {
    requireServer(request.caller);
    const ids = userIds(await request.body());
    for (const id of ids) users.require(id); // all or none
    for (const id of ids) sendWebhook({ type: 'user.reactivated', user: users.response(users.reactivate(id)), created_at: new Date().toISOString() });
    return completedTask(tasks, ids);
  };

  const restoreUsers: Handler = async (request) => {
    requireServer(request.caller);
    const ids = userIds(await request.body());
    for (const id of ids) if (!users.require(id).deleted_at) throw new StreamApiError('inputError', `user "${id}" is not deleted, it can't be restored`);
    for (const id of ids) users.restore(id);
    return {};
  };

  const sendUserEvent: Handler = async (request) => {
    requireServer(request.caller);
    const user = users.require(request.params.userId!);
    const event = (await request.body()).event as Record<string, unknown> | undefined;
    if (typeof event?.type !== 'string' || !event.type) throw new StreamApiError('inputError', 'event.type is a required field');
    const delivered = { ...event, user: users.response(user), created_at: new Date().toISOString() };
    for (const connection of hub.all()) if (connection.userId === user.id) hub.send(connection, delivered);
    return {};
  };

  return { reactivateUsers, restoreUsers, sendUserEvent };
};

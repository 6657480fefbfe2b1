import { StreamApiError } from './errors';
import type { PersistedState } from './store';

/** A Stream user as stored: its own fields, and custom ones kept apart (Stream answers them flattened). */
export interface StoredUser {
  id: string;
  name?: string;
  image?: string;
  role: string;
  custom: Record<string, unknown>;
  teams?: string[];
  created_at: string;
  updated_at: string;
  last_active?: string;
  deactivated_at?: string;
  deleted_at?: string;
  banned?: boolean;
}

export interface UserInput {
  id: string;
  name?: string;
  image?: string;
  role?: string;
  teams?: string[];
  custom?: Record<string, unknown>;
  [field: string]: unknown;
}

const OWN_FIELDS = new Set(['id', 'name', 'image', 'role', 'teams', 'custom', 'created_at', 'updated_at', 'last_active', 'deactivated_at', 'deleted_at', 'banned', 'online', 'language']);
/** Characters Stream accepts in a user id. */
const USER_ID = /^[\w@-]{1,255}$/;

/**
 * The stand-in's users, shared by chat and video (one Stream app, one set of users). Answers are Stream's
 * UserResponse shape; `online` is what the chat socket hub says.
 */
export class StreamUsers {
  private readonly onlineIds = new Set<string>();
  constructor(private readonly store: PersistedState<{ users: Record<string, StoredUser> }>) {}

  get(id: string): StoredUser | undefined {
    return this.store.state.users[id];
  }

  require(id: string): StoredUser {
    const user = this.get(id);
    if (!user) throw new StreamApiError('doesNotExist', `user "${id}" does not exist`);
    return user;
  }

  list(): StoredUser[] {
    return Object.values(this.store.state.users);
  }

  /** Stream's upsert replaces the user (a missing field is removed), keeping when it was made and its state. */
  upsert(input: UserInput, now = new Date().toISOString()): StoredUser {
    if (!USER_ID.test(input.id)) throw new StreamApiError('inputError', `user id "${input.id}" is not valid: only letters, digits, @, _ and - are allowed`);
    const existing = this.get(input.id);
    const custom: Record<string, unknown> = { ...(input.custom ?? {}) };
    for (const [field, value] of Object.entries(input)) if (!OWN_FIELDS.has(field)) custom[field] = value;
    const user: StoredUser = {
      id: input.id,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.image !== undefined ? { image: input.image } : {}),
      role: input.role ?? existing?.role ?? 'user',
      custom,
      ...(input.teams ? { teams: input.teams } : {}),
      created_at: existing?.created_at ?? now,
      updated_at: now,
      ...(existing?.last_active ? { last_active: existing.last_active } : {}),
      ...(existing?.deactivated_at ? { deactivated_at: existing.deactivated_at } : {}),
    };
    this.store.state.users[input.id] = user;
    this.store.changed();
    return user;
  }

  /** What a connecting client says about itself (name, image) is taken, as Stream does for user tokens; its role is not. */
  connect(id: string, details: Record<string, unknown> | undefined, now = new Date().toISOString()): StoredUser {
    const existing = this.get(id);
    if (existing?.deactivated_at) throw new StreamApiError('notAllowed', `user "${id}" is deactivated`);
    if (existing?.deleted_at) throw new StreamApiError('notAllowed', `user "${id}" was deleted`);
    const { role: _role, id: _id, ...rest } = details ?? {};
    const user = existing ? this.partialUpdate(id, { set: rest }, now) : this.upsert({ ...rest, id, role: 'user' } as UserInput, now);
    user.last_active = now;
    this.store.changed();
    return user;
  }

  partialUpdate(id: string, { set = {}, unset = [] }: { set?: Record<string, unknown>; unset?: string[] }, now = new Date().toISOString()): StoredUser {
    const user = this.require(id);
    for (const [field, value] of Object.entries(set)) {
      if (field === 'name' || field === 'image') user[field] = value as string;
      else if (field === 'role') user.role = value as string;
      else if (field === 'teams') user.teams = value as string[];
      else if (!OWN_FIELDS.has(field)) user.custom[field] = value;
    }
    for (const field of unset) {
      if (field === 'name' || field === 'image') delete user[field];
      else delete user.custom[field];
    }
    user.updated_at = now;
    this.store.changed();
    return user;
  }

  deactivate(id: string, now = new Date().toISOString()): StoredUser {
    const user = this.require(id);
    user.deactivated_at = now;
    user.updated_at = now;
    this.store.changed();
    return user;
  }

  reactivate(id: string, now = new Date().toISOString()): StoredUser {
    const user = this.require(id);
    delete user.deactivated_at;
    user.updated_at = now;
    this.store.changed();
    return user;
  }

  /** Undoes a soft delete (a hard-deleted user is gone); Stream refuses a user who is not deleted. */
  restore(id: string, now = new Date().toISOString()): StoredUser {
    const user = this.require(id);
    if (!user.deleted_at) throw new StreamApiError('inputError', `user "${id}" is not deleted, it can't be restored`);
    delete user.deleted_at;
    user.updated_at = now;
    this.store.changed();
    return user;
  }

  /** 'soft' and 'pruning' keep the id (marked deleted); pruning also drops the user's data, as Stream does. */
  delete(id: string, mode: 'soft' | 'pruning' | 'hard', now = new Date().toISOString()) {
    const user = this.get(id);
    if (!user) return;
    if (mode === 'hard') {
      delete this.store.state.users[id];
    } else {
      user.deleted_at = now;
      user.updated_at = now;
      if (mode === 'pruning') {
        delete user.name;
        delete user.image;
        user.custom = {};
      }
    }
    this.store.changed();
  }

  setOnline(id: string, online: boolean) {
    if (online) this.onlineIds.add(id);
    else this.onlineIds.delete(id);
  }

  isOnline(id: string) {
    return this.onlineIds.has(id);
  }

  /** Stream's UserResponse: custom fields at the top level. */
  response(userOrId: StoredUser | string): Record<string, unknown> {
    const user = typeof userOrId === 'string' ? (this.get(userOrId) ?? { id: userOrId, role: 'user', custom: {}, created_at: new Date(0).toISOString(), updated_at: new Date(0).toISOString() }) : userOrId;
    const { custom, ...own } = user;
    return {
      ...custom,
      ...own,
      banned: Boolean(user.banned),
      online: this.onlineIds.has(user.id),
      teams: user.teams ?? [],
      language: '',
      blocked_user_ids: [],
      shadow_banned: false,
      custom,
    };
  }
}

export const emptyUsers = () => ({ users: {} as Record<string, StoredUser> });

import { randomUUID } from 'node:crypto';
import { StreamApiError } from '../../errors';
import { matchesFilter, type Filter } from '../../filters';
import { type ChatContext, type Caller, type Handler, type Request } from '../context';
import type { StoredChannel, StoredMessage, StoredPoll, StoredPollOption } from '../state';

const POLL_FIELDS = new Set(['id', 'name', 'description', 'options', 'enforce_unique_vote', 'max_votes_allowed', 'allow_answers', 'allow_user_suggested_options', 'voting_visibility', 'is_closed', 'user_id', 'user', 'created_by', 'created_by_id', 'created_at', 'updated_at', 'custom']);
const OPTION_FIELDS = new Set(['id', 'text', 'position', 'user_id', 'user', 'custom']);

const customOf = (input: Record<string, unknown>, own: Set<string>) => ({
  ...((input.custom as Record<string, unknown> | undefined) ?? {}),
  ...Object.fromEntries(Object.entries(input).filter(([field]) => !own.has(field))),
});

/**
 * Polls as Stream has them: a poll is made first (POST /polls), then sent as a message's `poll_id`; members vote on
 * the message (one vote, or up to max_votes_allowed), answer in words when answers are allowed, suggest options when
 * suggestions are, and the creator closes it. Every change reaches the channel's watchers as poll.* events, each
 * shaped for its reader (an anonymous poll names only the reader's own votes).
 */
export const pollRoutes = (ctx: ChatContext) => {
  const { store, state, shapes, hub, users, canRead, actingUser, channelEvent, watchers, sendWebhook, messageContext } = ctx;

  const messageOf = (pollId: string): StoredMessage | undefined => {
    for (const list of Object.values(state.messages)) {
      const found = list.find((m) => m.poll_id === pollId && m.type !== 'deleted');
      if (found) return found;
    }
    return undefined;
  };

  /** The poll's creator sees it before it is sent; afterwards, whoever may read its message's channel. */
  const requirePoll = (caller: Caller, id: string) => {
    const poll = state.polls[id];
    const message = poll && messageOf(poll.id);
    const visible = poll && (caller.server || poll.created_by_id === caller.userId || (message && canRead(caller, state.channels[message.cid]!)));
    if (!poll || !visible) throw new StreamApiError('doesNotExist', `poll with id ${id} does not exist`);
    return poll;
  };

  const requireOpen = (poll: StoredPoll) => {
    if (poll.is_closed) throw new StreamApiError('inputError', `poll ${poll.id} is closed for voting`);
  };

  const viewerOf = (caller: Caller) => (caller.server ? undefined : caller.userId);

  /** Each watcher of the poll's channel gets the event with the poll (and vote) as they may see it. */
  const tell = (poll: StoredPoll, type: string, vote?: StoredPoll['votes'][number], actorId?: string) => {
    const message = messageOf(poll.id);
    if (!message) return;
    const channel = state.channels[message.cid]!;
    const base = (viewer?: string) =>
      channelEvent(type, channel, {
        poll: shapes.poll(poll, viewer),
        message: shapes.message(message, viewer),
        message_id: message.id,
        ...(vote ? { poll_vote: shapes.vote(vote, poll, viewer) } : {}),
        ...(actorId && (poll.voting_visibility !== 'anonymous' || actorId === viewer || !vote) ? { user: users.response(actorId) } : {}),
      });
    const list = watchers(channel);
    for (const connection of list) hub.send(connection, { ...base(connection.userId), watcher_count: list.length });
    sendWebhook({ ...base(), type });
  };

  const optionsFrom = (input: unknown, now: string): StoredPollOption[] => {
    if (input !== undefined && !Array.isArray(input)) throw new StreamApiError('inputError', 'options must be a list');
    const options = ((input as Record<string, unknown>[] | undefined) ?? []).map((option) => {
      if (typeof option.text !== 'string' || !option.text.trim()) throw new StreamApiError('inputError', 'a poll option needs a text');
      return { id: typeof option.id === 'string' && option.id ? option.id : randomUUID(), text: option.text, custom: customOf(option, OPTION_FIELDS), created_at: now, updated_at: now };
    });
    const texts = options.map((option) => option.text.trim().toLowerCase());
    if (new Set(texts).size !== texts.length) throw new StreamApiError('inputError', 'poll options must be unique');
    return options;
  };

  const settings = (input: Record<string, unknown>, poll?: StoredPoll) => {
    const max = input.max_votes_allowed === '' || input.max_votes_allowed === null ? undefined : input.max_votes_allowed === undefined ? poll?.max_votes_allowed : Number(input.max_votes_allowed);
    if (max !== undefined && (!Number.isInteger(max) || max < 1 || max > 10)) throw new StreamApiError('inputError', 'max_votes_allowed must be a number from 1 to 10');
    const visibility = input.voting_visibility ?? poll?.voting_visibility ?? 'public';
    if (visibility !== 'public' && visibility !== 'anonymous') throw new StreamApiError('inputError', 'voting_visibility must be "public" or "anonymous"');
    return {
      enforce_unique_vote: typeof input.enforce_unique_vote === 'boolean' ? input.enforce_unique_vote : (poll?.enforce_unique_vote ?? false),
      ...(max !== undefined ? { max_votes_allowed: max } : {}),
      allow_answers: typeof input.allow_answers === 'boolean' ? input.allow_answers : (poll?.allow_answers ?? false),
      allow_user_suggested_options: typeof input.allow_user_suggested_options === 'boolean' ? input.allow_user_suggested_options : (poll?.allow_user_suggested_options ?? false),
      voting_visibility: visibility as StoredPoll['voting_visibility'],
    };
  };

  const createPoll: Handler = async (request) => {
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    if (typeof body.name !== 'string' || !body.name.trim()) throw new StreamApiError('inputError', 'name is a required field');
    const id = typeof body.id === 'string' && body.id ? body.id : randomUUID();
    if (state.polls[id]) throw new StreamApiError('inputError', `a poll with id ${id} already exists`);
    const now = new Date().toISOString();
    const poll: StoredPoll = {
      id,
      name: body.name,
      ...(typeof body.description === 'string' && body.description ? { description: body.description } : {}),
      created_by_id: userId,
      ...settings(body),
      is_closed: body.is_closed === true,
      options: optionsFrom(body.options, now),
      votes: [],
      custom: customOf(body, POLL_FIELDS),
      created_at: now,
      updated_at: now,
    };
    state.polls[id] = poll;
    store.changed();
    return { poll: shapes.poll(poll, userId) };
  };

  const getPoll: Handler = async (request) => {
    const poll = requirePoll(request.caller, request.params.pollId!);
    return { poll: shapes.poll(poll, viewerOf(request.caller) ?? request.url.searchParams.get('user_id') ?? undefined) };
  };

  const requireCreator = (request: Request, poll: StoredPoll, given: unknown) => {
    const userId = actingUser(request.caller, given ?? poll.created_by_id);
    if (!request.caller.server && userId !== poll.created_by_id) throw new StreamApiError('notAllowed', `only the poll's creator may change poll ${poll.id}`);
    return userId;
  };

  const changed = (poll: StoredPoll, wasClosed: boolean, userId: string) => {
    poll.updated_at = new Date().toISOString();
    store.changed();
    tell(poll, poll.is_closed && !wasClosed ? 'poll.closed' : 'poll.updated', undefined, userId);
    return { poll: shapes.poll(poll, userId) };
  };

  const updatePoll: Handler = async (request) => {
    const body = await request.body();
    const poll = requirePoll(request.caller, String(body.id ?? ''));
    const userId = requireCreator(request, poll, body.user_id ?? body.user);
    const wasClosed = poll.is_closed;
    if (typeof body.name !== 'string' || !body.name.trim()) throw new StreamApiError('inputError', 'name is a required field');
    Object.assign(poll, { name: body.name, ...settings(body, poll), is_closed: body.is_closed === true, custom: customOf(body, POLL_FIELDS) });
    if (typeof body.description === 'string' && body.description) poll.description = body.description;
    else delete poll.description;
    if (Array.isArray(body.options)) {
      poll.options = optionsFrom(body.options, new Date().toISOString());
      poll.votes = poll.votes.filter((vote) => !vote.option_id || poll.options.some((option) => option.id === vote.option_id));
    }
    return changed(poll, wasClosed, userId);
  };

  const partialUpdatePoll: Handler = async (request) => {
    const body = await request.body();
    const poll = requirePoll(request.caller, request.params.pollId!);
    const userId = requireCreator(request, poll, body.user_id ?? body.user);
    const wasClosed = poll.is_closed;
    const set = (body.set as Record<string, unknown> | undefined) ?? {};
    if (typeof set.name === 'string' && set.name.trim()) poll.name = set.name;
    if (typeof set.description === 'string') poll.description = set.description;
    if (typeof set.is_closed === 'boolean') poll.is_closed = set.is_closed;
    Object.assign(poll, settings(Object.fromEntries(Object.entries(set).filter(([field]) => field !== 'name')), poll));
    for (const [field, value] of Object.entries(set)) if (!POLL_FIELDS.has(field)) poll.custom[field] = value;
    for (const field of (body.unset as string[] | undefined) ?? []) {
      if (field === 'description') delete poll.description;
      else if (field === 'max_votes_allowed') delete poll.max_votes_allowed;
      else delete poll.custom[field];
    }
    return changed(poll, wasClosed, userId);
  };

  const deletePoll: Handler = async (request) => {
    const poll = requirePoll(request.caller, request.params.pollId!);
    requireCreator(request, poll, request.url.searchParams.get('user_id') ?? undefined);
    const message = messageOf(poll.id);
    delete state.polls[poll.id];
    if (message) delete message.poll_id;
    store.changed();
    return {};
  };

  /** A suggested option: any member when the poll allows suggestions, otherwise its creator. */
  const createOption: Handler = async (request) => {
    const body = await request.body();
    const poll = requirePoll(request.caller, request.params.pollId!);
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    requireOpen(poll);
    if (!request.caller.server && userId !== poll.created_by_id && !poll.allow_user_suggested_options) throw new StreamApiError('notAllowed', `poll ${poll.id} does not take suggested options`);
    const [option] = optionsFrom([body], new Date().toISOString());
    if (poll.options.some((existing) => existing.text.trim().toLowerCase() === option!.text.trim().toLowerCase())) throw new StreamApiError('inputError', 'poll options must be unique');
    poll.options.push(option!);
    poll.updated_at = option!.created_at;
    store.changed();
    tell(poll, 'poll.updated', undefined, userId);
    return { poll_option: { ...option!.custom, id: option!.id, poll_id: poll.id, text: option!.text, position: poll.options.length - 1, created_at: option!.created_at, updated_at: option!.updated_at, vote_count: 0 } };
  };

  const optionResponse = (poll: StoredPoll, option: StoredPollOption) => ({
    ...option.custom,
    id: option.id,
    poll_id: poll.id,
    text: option.text,
    position: poll.options.indexOf(option),
    created_at: option.created_at,
    updated_at: option.updated_at,
    vote_count: poll.votes.filter((vote) => vote.option_id === option.id).length,
  });

  const requireOption = (poll: StoredPoll, id: unknown) => {
    const option = poll.options.find((o) => o.id === id);
    if (!option) throw new StreamApiError('doesNotExist', `poll option ${String(id)} does not exist`);
    return option;
  };

  const getOption: Handler = async (request) => {
    const poll = requirePoll(request.caller, request.params.pollId!);
    return { poll_option: optionResponse(poll, requireOption(poll, request.params.optionId)) };
  };

  const updateOption: Handler = async (request) => {
    const body = await request.body();
    const poll = requirePoll(request.caller, request.params.pollId!);
    const userId = requireCreator(request, poll, body.user_id ?? body.user);
    const option = requireOption(poll, body.id);
    if (typeof body.text !== 'string' || !body.text.trim()) throw new StreamApiError('inputError', 'a poll option needs a text');
    Object.assign(option, { text: body.text, custom: customOf(body, OPTION_FIELDS), updated_at: new Date().toISOString() });
    changed(poll, poll.is_closed, userId);
    return { poll_option: optionResponse(poll, option) };
  };

  const deleteOption: Handler = async (request) => {
    const poll = requirePoll(request.caller, request.params.pollId!);
    const userId = requireCreator(request, poll, request.url.searchParams.get('user_id') ?? undefined);
    const option = requireOption(poll, request.params.optionId);
    poll.options = poll.options.filter((o) => o !== option);
    poll.votes = poll.votes.filter((vote) => vote.option_id !== option.id);
    changed(poll, poll.is_closed, userId);
    return {};
  };

  /** The message the vote is cast on must carry the poll, in a channel the voter belongs to, and the poll be open. */
  const voteContext = (request: Request, given: unknown) => {
    const { message, channel } = messageContext(request, 'CastPollVote');
    const poll = state.polls[request.params.pollId!];
    if (!poll || message.poll_id !== poll.id) throw new StreamApiError('doesNotExist', `poll ${request.params.pollId} is not on message ${message.id}`);
    const userId = actingUser(request.caller, given);
    if (channel.frozen && !request.caller.server) throw new StreamApiError('notAllowed', `User '${userId}' is not allowed to perform action CastPollVote in a frozen channel`);
    if (!(channel as StoredChannel).members[userId]) throw new StreamApiError('notAllowed', `User '${userId}' is not allowed to perform action CastPollVote in scope '${channel.type}'`);
    return { poll, userId };
  };

  const castVote: Handler = async (request) => {
    const body = await request.body();
    const { poll, userId } = voteContext(request, body.user_id ?? body.user);
    requireOpen(poll);
    const input = (body.vote as Record<string, unknown> | undefined) ?? {};
    const now = new Date().toISOString();
    const own = poll.votes.filter((vote) => vote.user_id === userId);
    if (typeof input.answer_text === 'string') {
      if (!poll.allow_answers) throw new StreamApiError('inputError', `poll ${poll.id} does not take answers`);
      // One answer a member: a new one replaces theirs.
      const existing = own.find((vote) => vote.answer_text !== undefined);
      if (existing) {
        Object.assign(existing, { answer_text: input.answer_text, updated_at: now });
        store.changed();
        tell(poll, 'poll.vote_changed', existing, userId);
        return { vote: shapes.vote(existing, poll, userId) };
      }
      const vote = { id: randomUUID(), user_id: userId, answer_text: input.answer_text, created_at: now, updated_at: now };
      poll.votes.push(vote);
      store.changed();
      tell(poll, 'poll.vote_casted', vote, userId);
      return { vote: shapes.vote(vote, poll, userId) };
    }
    const option = requireOption(poll, input.option_id);
    const ownVotes = own.filter((vote) => vote.option_id);
    const same = ownVotes.find((vote) => vote.option_id === option.id);
    if (same) return { vote: shapes.vote(same, poll, userId) };
    if (poll.enforce_unique_vote && ownVotes[0]) {
      // A single-answer poll moves the member's vote: the same vote, another option.
      Object.assign(ownVotes[0], { option_id: option.id, updated_at: now });
      store.changed();
      tell(poll, 'poll.vote_changed', ownVotes[0], userId);
      return { vote: shapes.vote(ownVotes[0], poll, userId) };
    }
    if (poll.max_votes_allowed && ownVotes.length >= poll.max_votes_allowed) throw new StreamApiError('inputError', `a member may cast at most ${poll.max_votes_allowed} votes on poll ${poll.id}`);
    const vote = { id: randomUUID(), user_id: userId, option_id: option.id, created_at: now, updated_at: now };
    poll.votes.push(vote);
    store.changed();
    tell(poll, 'poll.vote_casted', vote, userId);
    return { vote: shapes.vote(vote, poll, userId) };
  };

  const removeVote: Handler = async (request) => {
    const { poll, userId } = voteContext(request, request.url.searchParams.get('user_id') ?? undefined);
    requireOpen(poll);
    const vote = poll.votes.find((v) => v.id === request.params.voteId);
    if (!vote || (vote.user_id !== userId && !request.caller.server)) throw new StreamApiError('doesNotExist', `vote ${request.params.voteId} does not exist`);
    poll.votes = poll.votes.filter((v) => v !== vote);
    store.changed();
    tell(poll, 'poll.vote_removed', vote, userId);
    return { vote: shapes.vote(vote, poll, userId) };
  };

  const queryVotes: Handler = async (request) => {
    const body = await request.body();
    const poll = requirePoll(request.caller, request.params.pollId!);
    const viewer = viewerOf(request.caller) ?? request.url.searchParams.get('user_id') ?? undefined;
    const filter = body.filter as Filter | undefined;
    const matching = poll.votes
      .filter((vote) => matchesFilter({ id: vote.id, option_id: vote.option_id, is_answer: vote.answer_text !== undefined, user_id: vote.user_id, created_at: vote.created_at }, filter))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const limit = Number(body.limit ?? 25);
    const offset = Number(body.next ?? 0);
    const page = matching.slice(offset, offset + limit);
    return { votes: page.map((vote) => shapes.vote(vote, poll, viewer)), ...(offset + limit < matching.length ? { next: String(offset + limit) } : {}) };
  };

  const queryPolls: Handler = async (request) => {
    const body = await request.body();
    const viewer = viewerOf(request.caller) ?? request.url.searchParams.get('user_id') ?? undefined;
    const visible = Object.values(state.polls).filter((poll) => {
      try {
        return Boolean(requirePoll(request.caller, poll.id));
      } catch {
        return false;
      }
    });
    const matching = visible.filter((poll) => matchesFilter({ ...poll.custom, id: poll.id, name: poll.name, is_closed: poll.is_closed, created_by_id: poll.created_by_id, created_at: poll.created_at }, body.filter as Filter | undefined));
    return { polls: matching.slice(0, Number(body.limit ?? 25)).map((poll) => shapes.poll(poll, viewer)) };
  };

  return { createPoll, getPoll, updatePoll, partialUpdatePoll, deletePoll, createOption, getOption, updateOption, deleteOption, castVote, removeVote, queryVotes, queryPolls };
};

/**
 * The mentorship API at the network boundary for unit tests (msw): a small in-memory server that follows
 * the contract's shapes and the shared state machine, so a page's cache updates and refetches meet the
 * same answers a real server would give. Every request is recorded.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { allowedActions, TRANSITIONS, type MentorshipAction, type MentorshipState } from '@mentoring/shared/mentorship';
import type { ApiAnswer } from '@mentoring/shared/routes';
import type { MentorshipDetail, MentorshipSummary, ViewerRole } from '@/features/mentorships/model';

type MemberView = MentorshipDetail['mentorProfile'];
type Profile = ApiAnswer<'GET /api/profile/me'>;
type Card = ApiAnswer<'GET /api/mentors'>['mentors'][number];
type MemberRow = ApiAnswer<'GET /api/coordinator/members'>['members'][number];

const DAY = 24 * 3600 * 1000;
export const inDays = (days: number, from = Date.now()) => new Date(from + days * DAY).toISOString();

export const mentorView = (id: string, displayName: string, extra: Partial<MemberView> = {}): MemberView =>
  ({
    id,
    displayName,
    photoUrl: null,
    headline: `${displayName}'s headline`,
    bio: '',
    languages: ['en', 'es'],
    country: 'DE',
    timezone: 'Europe/Berlin',
    availability: [],
    format: 'online',
    topics: ['Career change', 'Frontend'],
    lastActiveAt: null,
    role: 'mentor',
    yearsOfExperience: 12,
    city: null,
    acceptingRequests: true,
    openPlaces: 1,
    ...extra,
  }) as MemberView;

export const menteeView = (id: string, displayName: string, extra: Partial<MemberView> = {}): MemberView =>
  ({
    id,
    displayName,
    photoUrl: null,
    headline: `${displayName}'s headline`,
    bio: '',
    languages: ['en'],
    country: 'GB',
    timezone: 'America/New_York',
    availability: [],
    format: 'online',
    topics: ['Frontend'],
    lastActiveAt: null,
    role: 'mentee',
    goals: 'Move from teaching into frontend engineering within a year.',
    ...extra,
  }) as MemberView;

const party = (view: MemberView) => ({ id: view.id, displayName: view.displayName, photoUrl: view.photoUrl, headline: view.headline });

let sequence = 0;

/** A mentorship as the server stores it: both profiles and the log; the viewer's answer is derived per request. */
export interface StoredMentorship {
  id: string;
  state: MentorshipState;
  mentor: MemberView;
  mentee: MemberView;
  message: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  endsAt: string | null;
  declineReason: MentorshipSummary['declineReason'];
  declineMessage: string | null;
  endReason: MentorshipSummary['endReason'];
  acceptedBy: ('mentor' | 'mentee')[];
  channelCid: string | null;
  events: MentorshipDetail['events'];
  /** The surveys due for whoever looks (the fit check after a first session, the closing survey). */
  surveysDue?: MentorshipDetail['surveysDue'];
}

export const stored = (mentor: MemberView, mentee: MemberView, state: MentorshipState, extra: Partial<StoredMentorship> = {}): StoredMentorship => {
  sequence += 1;
  const createdAt = extra.createdAt ?? new Date(Date.now() - 2 * DAY).toISOString();
  const open = state === 'REQUESTED' || state === 'PROPOSED';
  // Mentorship ids are UUIDs, as the server makes them (call ids embed them: shared/src/mentoring/mentorship-calls.ts).
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    state,
    mentor,
    mentee,
    message: 'I would love your help moving into frontend work.',
    createdAt,
    updatedAt: createdAt,
    expiresAt: open ? inDays(5) : null,
    endsAt: state === 'ACTIVE' ? inDays(150) : null,
    declineReason: null,
    declineMessage: null,
    endReason: null,
    acceptedBy: [],
    channelCid: state === 'REQUESTED' || state === 'PROPOSED' ? null : `messaging:${id}`,
    events: [
      { at: createdAt, type: state === 'PROPOSED' ? 'proposed' : 'requested', actor: state === 'PROPOSED' ? 'coordinator' : 'mentee', actorId: null, from: null, to: state === 'PROPOSED' ? 'PROPOSED' : 'REQUESTED', reason: null, message: null },
    ],
    ...extra,
  };
};

export interface FakeApiOptions {
  /** Who is signed in: a member's id, or a coordinator. */
  viewer: { id: string; coordinator?: boolean };
  profile?: Profile;
  mentorships?: StoredMentorship[];
  mentors?: MemberView[];
  mentees?: MemberView[];
  calls?: Record<string, ApiAnswer<'GET /api/mentorships/{id}/calls'>['calls']>;
  streamConfigured?: boolean;
  /** The answer of POST /api/mentorships, when it should be refused. */
  requestConflict?: { message: string; reason?: string };
}

export const error = (status: number, code: string, message: string, reason?: string) =>
  HttpResponse.json({ error: reason ? { code, message, reason } : { code, message } }, { status });

export const createFakeApi = (options: FakeApiOptions) => {
  const mentorships = new Map((options.mentorships ?? []).map((m) => [m.id, m]));
  const requests: { method: string; path: string; search: string; body: unknown }[] = [];
  const { viewer } = options;

  const roleOf = (m: StoredMentorship): ViewerRole | null =>
    m.mentor.id === viewer.id ? 'mentor' : m.mentee.id === viewer.id ? 'mentee' : viewer.coordinator ? 'coordinator' : null;
  const summary = (m: StoredMentorship, role: ViewerRole): MentorshipSummary => ({
    id: m.id,
    state: m.state,
    mentor: party(m.mentor),
    mentee: party(m.mentee),
    viewerRole: role,
    message: m.message,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    expiresAt: m.expiresAt,
    endsAt: m.endsAt,
    declineReason: m.declineReason,
    declineMessage: m.declineMessage,
    endReason: m.endReason,
    acceptedBy: m.acceptedBy,
  });
  const detail = (m: StoredMentorship, role: ViewerRole): MentorshipDetail => ({
    ...summary(m, role),
    mentorProfile: m.mentor,
    menteeProfile: m.mentee,
    events: m.events,
    channelCid: m.channelCid,
    actions: allowedActions(m.state, role).filter((action) => !(action === 'acceptProposal' && role !== 'coordinator' && m.acceptedBy.includes(role))),
    surveysDue: m.surveysDue ?? [],
    firstSessionAt: null,
    lastSessionAt: null,
    fitCheck: {},
  });

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.clone().json().catch(() => undefined);
    requests.push({ method: request.method, path: url.pathname, search: url.search, body });
  };

  const transition = (id: string, action: MentorshipAction, actorOverride?: ViewerRole, body?: { reason?: string; message?: string }) => {
    const m = mentorships.get(id);
    if (!m) return error(404, 'not_found', 'There is no such mentorship.');
    const role = actorOverride ?? roleOf(m);
    if (!role) return error(403, 'forbidden', 'This is not your mentorship.');
    const resolved: MentorshipAction = action === 'accept' && m.state === 'PROPOSED' ? 'acceptProposal' : action;
    if (!allowedActions(m.state, role).includes(resolved)) return error(409, 'conflict', `You cannot ${action} a mentorship that is ${m.state}.`);
    const at = new Date().toISOString();
    const from = m.state;
    let to: MentorshipState = TRANSITIONS[resolved].to;
    if (resolved === 'acceptProposal' && role !== 'coordinator') {
      m.acceptedBy = [...new Set([...m.acceptedBy, role])];
      if (m.acceptedBy.length < 2) to = 'PROPOSED';
    }
    m.state = to;
    m.updatedAt = at;
    if (to === 'ACTIVE' && !m.channelCid) m.channelCid = `messaging:${m.id}`;
    if (to !== 'PROPOSED') m.expiresAt = null;
    if (resolved === 'decline') Object.assign(m, { declineReason: body?.reason ?? null, declineMessage: body?.message ?? null });
    if (resolved === 'end') m.endReason = (body?.reason ?? null) as StoredMentorship['endReason'];
    m.events = [...m.events, { at, type: resolved, actor: role, actorId: viewer.id, from, to, reason: body?.reason ?? null, message: body?.message ?? null }];
    if (resolved === 'accept') {
      // The mentee's other open requests close in the same transaction.
      for (const other of mentorships.values()) {
        if (other.id !== m.id && other.mentee.id === m.mentee.id && other.state === 'REQUESTED') Object.assign(other, { state: 'INVALIDATED', updatedAt: at });
      }
    }
    return HttpResponse.json(detail(m, role));
  };

  const listFor = (url: URL) => {
    const states = url.searchParams.get('states')?.split(',');
    const as = url.searchParams.get('as');
    return [...mentorships.values()]
      .map((m) => [m, m.mentor.id === viewer.id ? 'mentor' : m.mentee.id === viewer.id ? 'mentee' : null] as const)
      .filter(([m, role]) => role && (!as || as === role) && (!states || states.includes(m.state)))
      .map(([m, role]) => summary(m, role!));
  };

  const card = (view: MemberView): Card => ({
    id: view.id,
    displayName: view.displayName,
    photoUrl: view.photoUrl,
    headline: view.headline,
    topics: view.topics,
    languages: view.languages,
    country: view.country,
    timezone: view.timezone,
    availability: view.availability,
    format: view.format,
    yearsOfExperience: view.role === 'mentor' ? view.yearsOfExperience : 0,
    city: null,
    openPlaces: view.role === 'mentor' ? view.openPlaces : 0,
    match: null,
  });
  const row = (view: MemberView): MemberRow => ({
    id: view.id,
    role: view.role,
    displayName: view.displayName,
    photoUrl: view.photoUrl,
    headline: view.headline,
    languages: view.languages,
    timezone: view.timezone,
    topics: view.topics,
    approvalState: 'approved',
    matched: [...mentorships.values()].some((m) => m.mentee.id === view.id && (m.state === 'ACTIVE' || m.state === 'SUSPENDED')),
  });
  const matches = (q: string | null, name: string) => !q || name.toLowerCase().includes(q.toLowerCase());

  const handlers: HttpHandler[] = [
    http.get('/config.json', () => HttpResponse.json({ stream: { configured: options.streamConfigured ?? true } })),
    http.all('/api/*', async ({ request }) => {
      await record(request);
      return undefined;
    }),
    http.get('/api/profile/me', () =>
      options.profile ? HttpResponse.json(options.profile) : error(404, 'not_found', 'No profile'),
    ),
    http.get('/api/mentorships', ({ request }) => HttpResponse.json({ mentorships: listFor(new URL(request.url)) })),
    http.get('/api/mentorships/:id', ({ params }) => {
      const m = mentorships.get(String(params.id));
      const role = m && roleOf(m);
      if (!m) return error(404, 'not_found', 'There is no such mentorship.');
      if (!role) return error(403, 'forbidden', 'This is not your mentorship.');
      return HttpResponse.json(detail(m, role));
    }),
    http.get('/api/mentorships/:id/calls', ({ params }) => HttpResponse.json({ calls: options.calls?.[String(params.id)] ?? [] })),
    http.post('/api/mentorships', async ({ request }) => {
      const body = (await request.json()) as { mentorId: string; message: string };
      if (options.requestConflict) return error(409, 'conflict', options.requestConflict.message, options.requestConflict.reason);
      const mentor = options.mentors?.find((m) => m.id === body.mentorId) ?? mentorView(body.mentorId, 'Someone');
      const mentee = options.mentees?.find((m) => m.id === viewer.id) ?? menteeView(viewer.id, 'Me');
      const m = stored(mentor, mentee, 'REQUESTED', { message: body.message, createdAt: new Date().toISOString() });
      mentorships.set(m.id, m);
      return HttpResponse.json(detail(m, 'mentee'), { status: 201 });
    }),
    http.post('/api/mentorships/:id/:action', async ({ params, request }) => {
      const body = (await request.json().catch(() => undefined)) as { reason?: string; message?: string } | undefined;
      const action = String(params.action) as MentorshipAction;
      if ((action === 'decline' || action === 'end') && !body?.reason) return error(400, 'validation_failed', 'A reason is required.');
      return transition(String(params.id), action, undefined, body);
    }),
    http.get('/api/coordinator/mentorships', ({ request }) => {
      if (!viewer.coordinator) return error(403, 'forbidden', 'Coordinators only.');
      const state = new URL(request.url).searchParams.get('state');
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase();
      return HttpResponse.json({
        mentorships: [...mentorships.values()]
          .filter((m) => !state || m.state === state)
          .filter((m) => !q || [m.mentor.displayName, m.mentee.displayName].some((name) => name.toLowerCase().includes(q)))
          .map((m) => summary(m, 'coordinator')),
      });
    }),
    http.post('/api/coordinator/mentorships/:id/:action', ({ params }) => transition(String(params.id), String(params.action) as MentorshipAction, 'coordinator')),
    http.post('/api/coordinator/mentorships', async ({ request }) => {
      const body = (await request.json()) as { mentorId: string; menteeId: string; message: string };
      const mentor = options.mentors?.find((m) => m.id === body.mentorId);
      const mentee = options.mentees?.find((m) => m.id === body.menteeId);
      if (!mentor || !mentee) return error(404, 'not_found', 'No such member.');
      if ([...mentorships.values()].some((m) => m.mentor.id === mentor.id && m.mentee.id === mentee.id && ['REQUESTED', 'PROPOSED', 'ACTIVE', 'SUSPENDED'].includes(m.state))) {
        return error(409, 'conflict', 'These two already have a request or a mentorship.');
      }
      const m = stored(mentor, mentee, 'PROPOSED', { message: body.message, createdAt: new Date().toISOString() });
      mentorships.set(m.id, m);
      return HttpResponse.json(detail(m, 'coordinator'), { status: 201 });
    }),
    http.get('/api/mentors', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      const mentors = (options.mentors ?? []).filter((m) => matches(q, m.displayName)).map(card);
      return HttpResponse.json({ mentors, total: mentors.length, nextCursor: null, scored: false });
    }),
    http.get('/api/coordinator/members', ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q');
      const pool = url.searchParams.get('role') === 'mentor' ? (options.mentors ?? []) : (options.mentees ?? []);
      return HttpResponse.json({ members: pool.filter((m) => matches(q, m.displayName)).map(row), nextCursor: null });
    }),
    http.get('/api/calls/:type/:id/artifacts', () => HttpResponse.json({ recordings: [], transcriptions: [] })),
    // The sessions the app's slots show on these pages: none unless a test adds the scheduling fake's handlers first.
    http.get('/api/sessions/upcoming', () => HttpResponse.json({ sessions: [] })),
    http.get('/api/mentorships/:id/sessions', () => HttpResponse.json({ sessions: [] })),
    http.get('/api/mentorships/:id/action-items', () => HttpResponse.json({ items: [] })),
    http.post('/api/feedback', () => HttpResponse.json({ id: '00000000-0000-4000-8000-000000000000' }, { status: 201 })),
  ];

  return { handlers, requests, mentorships, sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
};

export const ownProfile = (view: MemberView, extra: Partial<Profile> = {}): Profile => ({
  profile: view.role === 'mentor' ? { ...view, capacity: 2 } : view,
  approval: { state: 'approved', submittedAt: null, decidedAt: null, note: null },
  email: null,
  codeOfConductVersion: 1,
  isCoordinator: false,
  onboarded: true,
  ...extra,
} as Profile);

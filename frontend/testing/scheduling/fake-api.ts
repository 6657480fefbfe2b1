/**
 * The sessions API at the network boundary for unit tests (msw): slots, sessions, notes with versions and
 * action items of one pair, kept in memory and shaped by the contract's types. Every request is recorded.
 * Put these handlers before the mentorships fake's (its POST /api/mentorships/:id/:action would take bookings).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ApiAnswer } from '@mentoring/shared/routes';

type Session = ApiAnswer<'GET /api/sessions/{id}'>;
type ActionItem = ApiAnswer<'GET /api/mentorships/{id}/action-items'>['items'][number];
type Slot = { startsAt: string; endsAt: string };

const error = (status: number, code: string, message: string, issues?: unknown[]) => HttpResponse.json({ error: { code, message, ...(issues ? { issues } : {}) } }, { status });

export const slotAt = (startsAt: string, minutes = 60): Slot => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString() });

let sequence = 0;
export const sessionOf = (mentorshipId: string, extra: Partial<Session> = {}): Session => {
  sequence += 1;
  const id = `m-${mentorshipId}-s${String(sequence).padStart(7, '0')}`;
  return {
    id,
    mentorshipId,
    state: 'scheduled',
    planned: true,
    startsAt: null,
    durationMinutes: 60,
    agenda: '',
    proposedTimes: [],
    bookedBy: null,
    callType: 'default',
    callId: id,
    cancelledBy: null,
    cancelReason: null,
    startedAt: null,
    endedAt: null,
    attendance: [],
    recordingConsent: [],
    hasRecording: false,
    hasTranscript: false,
    recordingFailed: false,
    transcriptionFailed: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    notes: { text: '', version: 0, updatedAt: null, updatedBy: null },
    ...extra,
  };
};

export interface SchedulingOptions {
  viewer: string;
  mentorshipId: string;
  timezones: { mentor: string; mentee: string };
  slots?: Slot[];
  sessions?: Session[];
  items?: ActionItem[];
  /** Starts that someone else books first: booking one answers 409 and the slot disappears. */
  takenBySomeoneElse?: string[];
}

export const createSchedulingApi = (options: SchedulingOptions) => {
  const sessions = new Map((options.sessions ?? []).map((s) => [s.id, s]));
  const items = new Map((options.items ?? []).map((item) => [item.id, item]));
  let slots = [...(options.slots ?? [])];
  const taken = new Set(options.takenBySomeoneElse ?? []);
  const requests: { method: string; path: string; search: string; body: unknown }[] = [];
  const now = () => new Date().toISOString();
  const list = (s: Session) => {
    const { notes: _notes, ...session } = s;
    return session;
  };

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json().catch(() => undefined);
    requests.push({ method: request.method, path: url.pathname, search: url.search, body });
  };

  const handlers: HttpHandler[] = [
    http.all('/api/*', async ({ request }) => {
      await record(request);
      return undefined;
    }),
    http.get('/api/mentorships/:id/slots', () => HttpResponse.json({ slots, timezones: options.timezones })),
    http.get('/api/mentorships/:id/sessions', () => HttpResponse.json({ sessions: [...sessions.values()].map(list) })),
    http.post('/api/mentorships/:id/sessions', async ({ request }) => {
      const body = (await request.json()) as { startsAt?: string; proposedTimes?: string[]; durationMinutes: number; agenda: string };
      if (body.startsAt && taken.has(body.startsAt)) {
        slots = slots.filter((slot) => slot.startsAt !== body.startsAt);
        return error(409, 'conflict', 'Someone booked that time a moment ago.');
      }
      const session = sessionOf(options.mentorshipId, {
        state: body.startsAt ? 'scheduled' : 'proposed',
        startsAt: body.startsAt ?? null,
        proposedTimes: body.proposedTimes ?? [],
        durationMinutes: body.durationMinutes,
        agenda: body.agenda,
        bookedBy: options.viewer,
      });
      sessions.set(session.id, session);
      if (body.startsAt) slots = slots.filter((slot) => slot.startsAt !== body.startsAt);
      return HttpResponse.json(list(session), { status: 201 });
    }),
    http.get('/api/sessions/upcoming', () => HttpResponse.json({ sessions: [...sessions.values()].filter((s) => s.state === 'scheduled' || s.state === 'proposed').map(list) })),
    http.get('/api/sessions/:id', ({ params }) => {
      const session = sessions.get(String(params.id));
      return session ? HttpResponse.json(session) : error(404, 'not_found', 'There is no such session.');
    }),
    http.post('/api/sessions/:id/confirm', async ({ params, request }) => {
      const session = sessions.get(String(params.id));
      const { startsAt } = (await request.json()) as { startsAt: string };
      if (!session) return error(404, 'not_found', 'There is no such session.');
      if (!session.proposedTimes.includes(startsAt)) return error(400, 'validation_failed', 'Pick one of the proposed times.');
      Object.assign(session, { state: 'scheduled', startsAt, proposedTimes: [], updatedAt: now() });
      return HttpResponse.json(list(session));
    }),
    http.post('/api/sessions/:id/reschedule', async ({ params, request }) => {
      const session = sessions.get(String(params.id));
      const { startsAt } = (await request.json()) as { startsAt: string };
      if (!session) return error(404, 'not_found', 'There is no such session.');
      Object.assign(session, { startsAt, updatedAt: now() });
      return HttpResponse.json(list(session));
    }),
    http.post('/api/sessions/:id/cancel', async ({ params, request }) => {
      const session = sessions.get(String(params.id));
      const { reason } = (await request.json()) as { reason: string };
      if (!session) return error(404, 'not_found', 'There is no such session.');
      Object.assign(session, { state: 'cancelled', cancelledBy: options.viewer, cancelReason: reason, updatedAt: now() });
      return HttpResponse.json(list(session));
    }),
    http.put('/api/sessions/:id/notes', async ({ params, request }) => {
      const session = sessions.get(String(params.id));
      const { text, version } = (await request.json()) as { text: string; version: number };
      if (!session) return error(404, 'not_found', 'There is no such session.');
      if (version !== session.notes.version) {
        return error(409, 'conflict', 'These notes changed since you opened them.', [{ code: 'stale_version', current: session.notes }]);
      }
      session.notes = { text, version: version + 1, updatedAt: now(), updatedBy: options.viewer };
      return HttpResponse.json(session.notes);
    }),
    http.get('/api/mentorships/:id/action-items', () => HttpResponse.json({ items: [...items.values()] })),
    http.post('/api/mentorships/:id/action-items', async ({ request }) => {
      const body = (await request.json()) as { text: string; ownerId: string; dueOn?: string | null; sessionId?: string | null };
      sequence += 1;
      const item: ActionItem = {
        id: `item-${sequence}`,
        mentorshipId: options.mentorshipId,
        text: body.text,
        ownerId: body.ownerId,
        dueOn: body.dueOn ?? null,
        done: false,
        sessionId: body.sessionId ?? null,
        createdAt: now(),
        updatedAt: now(),
        version: 1,
      };
      items.set(item.id, item);
      return HttpResponse.json(item, { status: 201 });
    }),
    http.patch('/api/mentorships/:id/action-items/:itemId', async ({ params, request }) => {
      const item = items.get(String(params.itemId));
      const body = (await request.json()) as Partial<ActionItem> & { version: number };
      if (!item) return error(404, 'not_found', 'There is no such action item.');
      if (body.version !== item.version) return error(409, 'conflict', 'This action item changed meanwhile.');
      Object.assign(item, body, { version: item.version + 1, updatedAt: now() });
      return HttpResponse.json(item);
    }),
    http.delete('/api/mentorships/:id/action-items/:itemId', ({ params, request }) => {
      const item = items.get(String(params.itemId));
      if (!item) return error(404, 'not_found', 'There is no such action item.');
      if (new URL(request.url).searchParams.get('version') !== String(item.version)) return error(409, 'conflict', 'This action item changed meanwhile.');
      items.delete(item.id);
      return HttpResponse.json({ deleted: true });
    }),
  ];

  return {
    handlers,
    requests,
    sessions,
    items,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** Another member saves the notes meanwhile. */
    otherWrites: (sessionId: string, text: string, by: string) => {
      const session = sessions.get(sessionId)!;
      session.notes = { text, version: session.notes.version + 1, updatedAt: now(), updatedBy: by };
    },
  };
};

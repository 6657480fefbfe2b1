/**
 * The session record built from a call's webhooks. Each webhook is stored as a fact whose key is derived from
 * the event itself (a redelivery writes the same item again), and the record is a pure function of the set of
 * facts: however the events are ordered or repeated, the same facts give the same record.
 */
import type { Fact, CallRecord } from '../sessions';

export interface Pair {
  /** Stream user id → the member and the name shown. */
  members: ReadonlyMap<string, { memberId: string; displayName: string }>;
}

const earliest = (values: readonly (string | null | undefined)[]) =>
  values.filter((value): value is string => Boolean(value)).reduce<string | null>((min, value) => (min === null || Date.parse(value) < Date.parse(min) ? value : min), null);
const latest = (values: readonly (string | null | undefined)[]) =>
  values.filter((value): value is string => Boolean(value)).reduce<string | null>((max, value) => (max === null || Date.parse(value) > Date.parse(max) ? value : max), null);

interface Stretch {
  userId: string;
  joinedAt: string | null;
  leftAt: string | null;
  seconds: number | null;
}

export const buildRecord = (facts: readonly Fact[], pair: Pair): CallRecord => {
  const stretches = new Map<string, Stretch>();
  const stretchOf = (fact: Extract<Fact, { kind: 'joined' | 'left' }>) => {
    const key = `${fact.callSessionId}#${fact.userSessionId}`;
    const stretch = stretches.get(key) ?? { userId: fact.userId, joinedAt: null, leftAt: null, seconds: null };
    stretches.set(key, stretch);
    return stretch;
  };
  for (const fact of facts) {
    if (fact.kind === 'joined') {
      const stretch = stretchOf(fact);
      stretch.joinedAt = earliest([stretch.joinedAt, fact.at]);
    } else if (fact.kind === 'left') {
      const stretch = stretchOf(fact);
      stretch.joinedAt = earliest([stretch.joinedAt, fact.joinedAt]);
      stretch.leftAt = latest([stretch.leftAt, fact.at]);
      stretch.seconds = fact.seconds;
    }
  }

  const byMember = new Map<string, { memberId: string; displayName: string; stretches: Stretch[] }>();
  for (const stretch of stretches.values()) {
    const member = pair.members.get(stretch.userId);
    // Someone outside the pair (a guest, a coordinator) is not part of the pair's attendance.
    if (!member) continue;
    const entry = byMember.get(member.memberId) ?? { ...member, stretches: [] };
    entry.stretches.push(stretch);
    byMember.set(member.memberId, entry);
  }
  const attendance = [...byMember.values()]
    .map(({ memberId, displayName, stretches: own }) => {
      const open = own.some((stretch) => stretch.leftAt === null);
      const seconds = own.reduce((sum, stretch) => {
        if (stretch.leftAt === null) return sum;
        if (stretch.seconds !== null) return sum + Math.max(0, Math.round(stretch.seconds));
        const from = stretch.joinedAt ?? stretch.leftAt;
        return sum + Math.max(0, Math.round((Date.parse(stretch.leftAt) - Date.parse(from)) / 1000));
      }, 0);
      return {
        memberId,
        displayName,
        joinedAt: earliest(own.map((stretch) => stretch.joinedAt ?? stretch.leftAt)) as string,
        leftAt: open ? null : latest(own.map((stretch) => stretch.leftAt)),
        seconds,
      };
    })
    .sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt) || a.memberId.localeCompare(b.memberId));

  const started = facts.filter((fact) => fact.kind === 'started');
  const ended = facts.filter((fact) => fact.kind === 'ended');
  const joins = facts.filter((fact): fact is Extract<Fact, { kind: 'joined' | 'left' }> => fact.kind === 'joined' || fact.kind === 'left');
  const startedAt = earliest([...started.map((fact) => fact.at), ...[...stretches.values()].map((stretch) => stretch.joinedAt)]);
  // Stream may run several sessions of one call: the call has ended when every session it began has ended.
  const begun = new Set([...started, ...joins].map((fact) => fact.callSessionId));
  const endedIds = new Set(ended.map((fact) => fact.callSessionId));
  const allEnded = ended.length > 0 && [...begun].every((id) => endedIds.has(id));

  return {
    startedAt,
    endedAt: allEnded ? latest(ended.map((fact) => fact.at)) : null,
    attendance,
    hasRecording: facts.some((fact) => fact.kind === 'recording'),
    hasTranscript: facts.some((fact) => fact.kind === 'transcript'),
    recordingFailed: facts.some((fact) => fact.kind === 'recordingFailed'),
    transcriptionFailed: facts.some((fact) => fact.kind === 'transcriptionFailed'),
    held: started.length > 0 || joins.length > 0,
  };
};

/** The facts one Stream event states (none for an event that says nothing about the record). */
export const factsOf = (
  type: string,
  detail: {
    created_at: string;
    session_id?: string | null;
    participant?: { user: { id: string }; user_session_id: string; joined_at?: string | null } | null;
    duration_seconds?: number | null;
    call_recording?: { filename: string; session_id?: string | null } | null;
    call_transcription?: { filename: string; session_id?: string | null } | null;
    egress_id?: string | null;
  },
): Fact[] => {
  const at = detail.created_at;
  const callSessionId = detail.session_id ?? '';
  switch (type) {
    case 'call.session_started':
      return callSessionId ? [{ kind: 'started', callSessionId, at }] : [];
    case 'call.session_ended':
      return callSessionId ? [{ kind: 'ended', callSessionId, at }] : [];
    case 'call.session_participant_joined': {
      const participant = detail.participant;
      if (!participant || !callSessionId) return [];
      return [{ kind: 'joined', callSessionId, userSessionId: participant.user_session_id, userId: participant.user.id, at: participant.joined_at ?? at }];
    }
    case 'call.session_participant_left': {
      const participant = detail.participant;
      if (!participant || !callSessionId) return [];
      return [
        {
          kind: 'left',
          callSessionId,
          userSessionId: participant.user_session_id,
          userId: participant.user.id,
          joinedAt: participant.joined_at ?? null,
          at,
          seconds: detail.duration_seconds ?? null,
        },
      ];
    }
    case 'call.recording_ready':
    case 'call.transcription_ready': {
      const file = type === 'call.recording_ready' ? detail.call_recording : detail.call_transcription;
      if (!file) return [];
      return [
        {
          kind: type === 'call.recording_ready' ? 'recording' : 'transcript',
          callSessionId: file.session_id ?? callSessionId,
          filename: file.filename,
          at,
        },
      ];
    }
    case 'call.recording_failed':
    case 'call.transcription_failed':
      // Stream names the egress that failed (and no file): one fact per failure.
      return [{ kind: type === 'call.recording_failed' ? 'recordingFailed' : 'transcriptionFailed', callSessionId, egressId: detail.egress_id ?? '', at }];
    default:
      return [];
  }
};

/** Who is in the call now, as far as the facts tell: stretches joined and not (yet) left. */
export const presentUserIds = (facts: readonly Fact[]): Set<string> => {
  const left = new Set(facts.flatMap((fact) => (fact.kind === 'left' ? [`${fact.callSessionId}#${fact.userSessionId}`] : [])));
  const ended = new Set(facts.flatMap((fact) => (fact.kind === 'ended' ? [fact.callSessionId] : [])));
  return new Set(
    facts.flatMap((fact) =>
      fact.kind === 'joined' && !left.has(`${fact.callSessionId}#${fact.userSessionId}`) && !ended.has(fact.callSessionId) ? [fact.userId] : [],
    ),
  );
};

/**
 * Who must still consent before recording may run: everyone present; when the facts know of nobody present
 * (the join webhooks may trail the start), both of the pair, which is the stricter reading.
 */
export const missingConsents = (facts: readonly Fact[], pairStreamIds: readonly string[], consentedStreamIds: ReadonlySet<string>) => {
  const present = presentUserIds(facts);
  const required = present.size > 0 ? [...present] : [...pairStreamIds];
  return required.filter((userId) => !consentedStreamIds.has(userId));
};

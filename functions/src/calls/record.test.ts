import { describe, expect, it } from 'vitest';
import { factKey, type Fact } from '../sessions';
import { buildRecord, factsOf } from './record';

const pair = {
  members: new Map([
    ['mentor-1', { memberId: 'mentor-1', displayName: 'Ana' }],
    ['mentee-1', { memberId: 'mentee-1', displayName: 'Bo' }],
  ]),
};

const participant = (id: string, userSessionId: string, joinedAt: string) => ({ user: { id }, user_session_id: userSessionId, joined_at: joinedAt });

/** A call of 40 minutes: the mentee drops out once and comes back; a guest looks in; both artifacts arrive. */
const events: [string, Parameters<typeof factsOf>[1]][] = [
  ['call.session_started', { created_at: '2026-03-01T10:00:00.000Z', session_id: 's1' }],
  ['call.session_participant_joined', { created_at: '2026-03-01T10:00:01.000Z', session_id: 's1', participant: participant('mentor-1', 'u1', '2026-03-01T10:00:00.000Z') }],
  ['call.session_participant_joined', { created_at: '2026-03-01T10:02:00.000Z', session_id: 's1', participant: participant('mentee-1', 'u2', '2026-03-01T10:02:00.000Z') }],
  ['call.session_participant_left', { created_at: '2026-03-01T10:12:00.000Z', session_id: 's1', participant: participant('mentee-1', 'u2', '2026-03-01T10:02:00.000Z'), duration_seconds: 600 }],
  ['call.session_participant_joined', { created_at: '2026-03-01T10:15:00.000Z', session_id: 's1', participant: participant('mentee-1', 'u3', '2026-03-01T10:15:00.000Z') }],
  ['call.session_participant_joined', { created_at: '2026-03-01T10:20:00.000Z', session_id: 's1', participant: participant('guest-x', 'u4', '2026-03-01T10:20:00.000Z') }],
  ['call.session_participant_left', { created_at: '2026-03-01T10:40:00.000Z', session_id: 's1', participant: participant('mentee-1', 'u3', '2026-03-01T10:15:00.000Z'), duration_seconds: 1500 }],
  ['call.session_participant_left', { created_at: '2026-03-01T10:40:05.000Z', session_id: 's1', participant: participant('mentor-1', 'u1', '2026-03-01T10:00:00.000Z'), duration_seconds: 2405 }],
  ['call.session_ended', { created_at: '2026-03-01T10:40:06.000Z', session_id: 's1' }],
  ['call.recording_ready', { created_at: '2026-03-01T10:45:00.000Z', session_id: 's1', call_recording: { filename: 'rec.mp4', session_id: 's1' } }],
  ['call.transcription_ready', { created_at: '2026-03-01T10:46:00.000Z', session_id: 's1', call_transcription: { filename: 'tr.jsonl', session_id: 's1' } }],
];

const expected = {
  startedAt: '2026-03-01T10:00:00.000Z',
  endedAt: '2026-03-01T10:40:06.000Z',
  attendance: [
    { memberId: 'mentor-1', displayName: 'Ana', joinedAt: '2026-03-01T10:00:00.000Z', leftAt: '2026-03-01T10:40:05.000Z', seconds: 2405 },
    { memberId: 'mentee-1', displayName: 'Bo', joinedAt: '2026-03-01T10:02:00.000Z', leftAt: '2026-03-01T10:40:00.000Z', seconds: 2100 },
  ],
  hasRecording: true,
  hasTranscript: true,
  recordingFailed: false,
  transcriptionFailed: false,
  held: true,
};

/** What the table holds after a delivery sequence: one item per fact key, a redelivery overwriting its own item. */
const stored = (sequence: typeof events) => {
  const items = new Map<string, Fact>();
  for (const [type, detail] of sequence) for (const fact of factsOf(type, detail)) items.set(factKey(fact), fact);
  return [...items.values()];
};

/** A small seeded generator, so a failing order can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const shuffled = <T>(items: readonly T[], next: () => number) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

describe('the session record built from a call’s webhooks', () => {
  it('in order: attendance per member (first join, last leave, every stretch summed), times, recording and transcript', () => {
    expect(buildRecord(stored(events), pair)).toEqual(expected);
  });

  it('is the same for shuffled sequences with duplicates', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = random(seed);
      const duplicated = [...events, ...events.filter(() => next() < 0.5)];
      const sequence = shuffled(duplicated, next);
      // Building after each delivery, as the consumer does: the final record is the same whatever the order.
      let record = buildRecord([], pair);
      for (let end = 1; end <= sequence.length; end += 1) record = buildRecord(stored(sequence.slice(0, end)), pair);
      expect(record, `seed ${seed}`).toEqual(expected);
    }
  });

  it('while someone is still in the call: no end, their leave is open and their open stretch not yet counted', () => {
    const record = buildRecord(stored(events.slice(0, 5)), pair);
    expect(record.endedAt).toBeNull();
    expect(record.attendance).toEqual([
      { memberId: 'mentor-1', displayName: 'Ana', joinedAt: '2026-03-01T10:00:00.000Z', leftAt: null, seconds: 0 },
      { memberId: 'mentee-1', displayName: 'Bo', joinedAt: '2026-03-01T10:02:00.000Z', leftAt: null, seconds: 600 },
    ]);
    expect(record.hasRecording).toBe(false);
  });

  it('a leave whose join never arrived still counts, from the joined_at it carries', () => {
    const record = buildRecord(stored([events[3]!]), pair);
    expect(record.attendance).toEqual([{ memberId: 'mentee-1', displayName: 'Bo', joinedAt: '2026-03-01T10:02:00.000Z', leftAt: '2026-03-01T10:12:00.000Z', seconds: 600 }]);
    expect(record.held).toBe(true);
  });

  it('a call that is ended again after a second Stream session ends at the later end only once both ended', () => {
    const second: typeof events = [
      ['call.session_started', { created_at: '2026-03-01T11:00:00.000Z', session_id: 's2' }],
      ['call.session_ended', { created_at: '2026-03-01T11:30:00.000Z', session_id: 's2' }],
    ];
    expect(buildRecord(stored([...events, second[0]!]), pair).endedAt).toBeNull();
    expect(buildRecord(stored([...events, ...second]), pair).endedAt).toBe('2026-03-01T11:30:00.000Z');
  });

  it('events that say nothing about the record make no facts', () => {
    expect(factsOf('call.created', { created_at: '2026-03-01T10:00:00.000Z' })).toEqual([]);
    expect(factsOf('call.session_participant_joined', { created_at: '2026-03-01T10:00:00.000Z', session_id: 's1' })).toEqual([]);
    expect(buildRecord([], pair)).toEqual({ startedAt: null, endedAt: null, attendance: [], hasRecording: false, hasTranscript: false, recordingFailed: false, transcriptionFailed: false, held: false });
  });

  it('a failed recording or transcription is a fact of its own egress, kept beside any file that did come', () => {
    const failed = factsOf('call.recording_failed', { created_at: '2026-03-01T10:05:00.000Z', egress_id: 'e1' });
    expect(failed).toEqual([{ kind: 'recordingFailed', callSessionId: '', egressId: 'e1', at: '2026-03-01T10:05:00.000Z' }]);
    const transcription = factsOf('call.transcription_failed', { created_at: '2026-03-01T10:06:00.000Z', session_id: 's1', egress_id: 'e2' });
    expect(transcription).toEqual([{ kind: 'transcriptionFailed', callSessionId: 's1', egressId: 'e2', at: '2026-03-01T10:06:00.000Z' }]);
    const record = buildRecord([...failed, ...transcription], pair);
    expect(record).toMatchObject({ recordingFailed: true, transcriptionFailed: true, hasRecording: false, hasTranscript: false });
  });
});

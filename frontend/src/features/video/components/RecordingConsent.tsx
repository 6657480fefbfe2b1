import { useCall, useCallStateHooks, type OwnCapability, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { errorMessage } from '@/lib/api-client';
import { groupSessionQuery } from '@/lib/shared-api';
import { giveGroupRecordingConsent, giveRecordingConsent, readGroupSession, readRecordingConsent, recordingConsentQuery } from '../api';
import { copy as text } from '../copy';
import { Gate } from './Gate';
import type { useCallAction } from './useCallAction';

/**
 * Consent changes while the call runs. Whoever consents tells the call at once through a custom event on Stream's
 * own socket, so the others' buttons follow without waiting; polling keeps each side in step when an event is missed.
 */
const POLL_MS = 3000;
const CONSENT_EVENT = 'recording-consent-given';

/**
 * Where a call's consents are kept: a pair's session, or a group session (whose view carries them, so the room's
 * own read of the session is the one polled here). `give` answers what `query` reads, with the new consent in it.
 */
export interface ConsentStore<T> {
  /** The query's key (shared with whoever else reads it) and its read. */
  queryKey: QueryKey;
  read: () => Promise<T>;
  give: () => Promise<T>;
  /** The Stream user ids of who consented. */
  consented: (data: T) => readonly string[];
  words: { promptLabel: string; prompt: string; agree: string; waiting: (missing: readonly string[]) => string };
}

export const pairConsentStore = (sessionId: string) =>
  ({
    queryKey: recordingConsentQuery(sessionId).queryKey,
    read: () => readRecordingConsent(sessionId),
    give: () => giveRecordingConsent(sessionId),
    consented: (data) => data.consents.map((consent) => consent.streamUserId),
    words: text.consent,
  }) satisfies ConsentStore<Awaited<ReturnType<typeof giveRecordingConsent>>>;

export const groupConsentStore = (groupSessionId: string) =>
  ({
    queryKey: groupSessionQuery(groupSessionId).queryKey,
    read: () => readGroupSession(groupSessionId),
    give: () => giveGroupRecordingConsent(groupSessionId),
    consented: (data) => (data.recordingConsents ?? []).map((consent) => consent.streamUserId),
    words: text.room.consent,
  }) satisfies ConsentStore<Awaited<ReturnType<typeof giveGroupRecordingConsent>>>;

interface ConsentedFeature {
  on: boolean;
  can: { start: OwnCapability; stop: OwnCapability };
  labels: { start: string; stop: string };
  actions: { start: () => Promise<unknown>; stop: () => Promise<unknown> };
}

export interface RecordingConsentControlsProps<T> {
  /** Kept for the call's life (memoised): the event's subscription follows its query key. */
  store: ConsentStore<T>;
  /** Who in the call must consent: everyone in a pair's call, those on stage in a group session's. */
  asked?: (participant: StreamVideoParticipant) => boolean;
  features: ConsentedFeature[];
  run: ReturnType<typeof useCallAction>['run'];
  busy: boolean;
}

const everyone = () => true;

/**
 * A call's recording and transcription: each starts only once everyone who is asked and present has consented
 * (docs/domain.md, Safeguarding and Group sessions). Until then the start buttons are disabled and say who is
 * missing, and each one asked who has not consented yet is asked. Stopping never waits.
 */
export const RecordingConsentControls = <T,>({ store, asked = everyone, features, run, busy }: RecordingConsentControlsProps<T>) => {
  const call = useCall();
  const { useParticipants, useLocalParticipant, useOwnCapabilities } = useCallStateHooks();
  const participants = useParticipants();
  const local = useLocalParticipant();
  const capabilities = useOwnCapabilities();
  const queryClient = useQueryClient();
  const explanationId = useId();
  const { queryKey } = store;
  const { data } = useQuery({ queryKey, queryFn: store.read, refetchInterval: POLL_MS, staleTime: 0 });
  const consent = useMutation({
    mutationFn: store.give,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      // The consent is stored; the event only hurries the others' next read, so a failure to send it is left to the poll.
      call?.sendCustomEvent({ type: CONSENT_EVENT }).catch(() => undefined);
    },
  });
  useEffect(
    () =>
      call?.on('custom', (event) => {
        if (event.custom.type === CONSENT_EVENT) void queryClient.invalidateQueries({ queryKey });
      }),
    [call, queryClient, queryKey],
  );

  const consented = new Set(data === undefined ? [] : store.consented(data));
  const present = new Map<string, string>();
  for (const participant of participants) if (asked(participant)) present.set(participant.userId, participant.name || participant.userId);
  const missing = [...present].filter(([userId]) => !consented.has(userId)).map(([userId, name]) => (userId === local?.userId ? text.consent.you : name));
  const ready = data !== undefined && missing.length === 0;
  const viewerAsked = local ? asked(local) : false;
  const viewerConsented = local ? consented.has(local.userId) : false;
  // Who is missing matters to whoever could start something; one asked who cannot is asked, and no more.
  const starts = features.some((feature) => capabilities?.includes(feature.can.start));
  if (!call) return null;

  return (
    <>
      {features.map((feature) => {
        const half = feature.on ? 'stop' : 'start';
        const waiting = half === 'start' && !ready;
        return (
          <Gate key={feature.labels.start} can={[feature.can[half]]}>
            <button
              type="button"
              className="call-button"
              disabled={busy || waiting}
              aria-pressed={feature.on}
              aria-describedby={waiting ? explanationId : undefined}
              onClick={() => run(feature.actions[half])}
            >
              {feature.labels[half]}
            </button>
          </Gate>
        );
      })}
      {starts && !ready && (
        <p id={explanationId} className="call-consent-note">
          {data === undefined ? text.consent.checking : store.words.waiting(missing)}
        </p>
      )}
      {data !== undefined && viewerAsked && !viewerConsented && (
        <section className="call-consent-prompt" aria-label={store.words.promptLabel}>
          <p>{store.words.prompt}</p>
          <button type="button" className="call-button" disabled={consent.isPending} onClick={() => consent.mutate()}>
            {store.words.agree}
          </button>
          {consent.isError && (
            <p role="alert" className="call-error">
              {errorMessage(consent.error)}
            </p>
          )}
        </section>
      )}
    </>
  );
};

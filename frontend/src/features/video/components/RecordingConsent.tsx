import { useCall, useCallStateHooks, type OwnCapability } from '@stream-io/video-react-sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { giveRecordingConsent, recordingConsentQuery } from '../api';
import { copy as text } from '../copy';
import { Gate } from './Gate';
import type { useCallAction } from './useCallAction';

/**
 * Consent changes while the call runs. Whoever consents tells the call at once through a custom event on Stream's
 * own socket, so the others' buttons follow without waiting; polling keeps each side in step when an event is missed.
 */
const POLL_MS = 3000;
const CONSENT_EVENT = 'recording-consent-given';

interface ConsentedFeature {
  on: boolean;
  can: { start: OwnCapability; stop: OwnCapability };
  labels: { start: string; stop: string };
  actions: { start: () => Promise<unknown>; stop: () => Promise<unknown> };
}

export interface RecordingConsentControlsProps {
  sessionId: string;
  features: ConsentedFeature[];
  run: ReturnType<typeof useCallAction>['run'];
  busy: boolean;
}

/**
 * A mentorship call's recording and transcription: each starts only once every participant present has
 * consented (docs/domain.md, Safeguarding). Until then the start buttons are disabled and say who is missing,
 * and each participant who has not consented yet is asked. Stopping never waits.
 */
export const RecordingConsentControls = ({ sessionId, features, run, busy }: RecordingConsentControlsProps) => {
  const call = useCall();
  const { useParticipants, useLocalParticipant } = useCallStateHooks();
  const participants = useParticipants();
  const local = useLocalParticipant();
  const queryClient = useQueryClient();
  const explanationId = useId();
  const query = recordingConsentQuery(sessionId);
  const { data } = useQuery({ ...query, refetchInterval: POLL_MS, staleTime: 0 });
  const consent = useMutation({
    mutationFn: () => giveRecordingConsent(sessionId),
    onSuccess: (answer) => {
      queryClient.setQueryData(query.queryKey, answer);
      // The consent is stored; the event only hurries the others' next read, so a failure to send it is left to the poll.
      call?.sendCustomEvent({ type: CONSENT_EVENT }).catch(() => undefined);
    },
  });
  useEffect(
    () =>
      call?.on('custom', (event) => {
        if (event.custom.type === CONSENT_EVENT) void queryClient.invalidateQueries({ queryKey: recordingConsentQuery(sessionId).queryKey });
      }),
    [call, queryClient, sessionId],
  );

  const consented = new Set((data?.consents ?? []).map((entry) => entry.streamUserId));
  const present = new Map<string, string>();
  for (const participant of participants) present.set(participant.userId, participant.name || participant.userId);
  const missing = [...present].filter(([userId]) => !consented.has(userId)).map(([userId, name]) => (userId === local?.userId ? text.consent.you : name));
  const ready = data !== undefined && missing.length === 0;
  const viewerConsented = local ? consented.has(local.userId) : false;
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
      {!ready && (
        <p id={explanationId} className="call-consent-note">
          {data === undefined ? text.consent.checking : text.consent.waiting(missing)}
        </p>
      )}
      {data !== undefined && !viewerConsented && (
        <section className="call-consent-prompt" aria-label={text.consent.promptLabel}>
          <p>{text.consent.prompt}</p>
          <button type="button" className="call-button" disabled={consent.isPending} onClick={() => consent.mutate()}>
            {text.consent.agree}
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

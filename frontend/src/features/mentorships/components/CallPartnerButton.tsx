import { useState } from 'react';
import { mentorshipCallId, randomCallSuffix } from '@mentoring/shared/mentorship-calls';
import { Button } from '@/components/Button/Button';
import { useStreamAvailability, useStreamConnection } from '@/lib/stream';
import { startCall } from '@/lib/stream/start-call';
import { copy } from '../copy';
import type { Party } from '../model';
import styles from '../mentorships.module.css';

/**
 * Rings the other member of the pair on a new call of this mentorship (`m-<id>-<suffix>`, so the call's
 * sessions, recordings and transcripts belong to it). The incoming and outgoing ringing UI, and the call
 * page once someone answers, come from the signed-in area's call notifications.
 */
export const CallPartnerButton = ({ mentorshipId, partner }: { mentorshipId: string; partner: Party }) => {
  const { videoClient, status } = useStreamConnection();
  const availability = useStreamAvailability();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (availability === 'missing') return <p className={styles.muted}>{copy.detail.callUnavailable}</p>;
  const ready = status === 'connected' && Boolean(videoClient);

  const ring = async () => {
    if (!videoClient) return;
    setBusy(true);
    setError(null);
    try {
      await startCall(videoClient, { type: 'default', memberIds: [partner.id], ring: true, id: mentorshipCallId(mentorshipId, randomCallSuffix()) });
    } catch (cause) {
      console.warn(cause);
      setError(copy.detail.callUnavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="accent" disabled={!ready || busy} aria-busy={busy} onClick={() => void ring()}>
        {busy ? copy.detail.calling : copy.detail.call(partner.displayName)}
      </Button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
};

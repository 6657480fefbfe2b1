import { lazy, Suspense } from 'react';
import { useStreamAvailability } from '../../../lib/stream';
import { copy } from '../copy';
import styles from '../mentorships.module.css';

// stream-chat-react and its CSS load only when a mentorship with a channel is opened.
const PairChat = lazy(() => import('./PairChat'));

export const ChatPanel = ({ channelCid, active }: { channelCid: string | null; active: boolean }) => {
  const availability = useStreamAvailability();
  if (!channelCid) return <p className={styles.notice}>{copy.detail.chatNotYet}</p>;
  if (availability === 'missing') return <p className={styles.notice} role="status">{copy.detail.chatUnavailable}</p>;
  return (
    <>
      {!active && <p className={styles.notice}>{copy.detail.chatClosed}</p>}
      <Suspense fallback={<p role="status">{copy.detail.chatConnecting}</p>}>
        <PairChat channelCid={channelCid} writable={active} />
      </Suspense>
    </>
  );
};

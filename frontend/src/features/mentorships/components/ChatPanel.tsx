import { lazy, Suspense } from 'react';
import { useStreamAvailability } from '@/lib/stream';
import { copy } from '../copy';
import { Notice } from '@/components/Form/Form';

// stream-chat-react and its CSS load only when a mentorship with a channel is opened.
const PairChat = lazy(() => import('./PairChat'));

export const ChatPanel = ({ channelCid, active }: { channelCid: string | null; active: boolean }) => {
  const availability = useStreamAvailability();
  if (!channelCid) return <Notice>{copy.detail.chatNotYet}</Notice>;
  if (availability === 'missing') return <Notice role="status">{copy.detail.chatUnavailable}</Notice>;
  return (
    <>
      {!active && <Notice>{copy.detail.chatClosed}</Notice>}
      <Suspense fallback={<p role="status">{copy.detail.chatConnecting}</p>}>
        <PairChat channelCid={channelCid} writable={active} />
      </Suspense>
    </>
  );
};

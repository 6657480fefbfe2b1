import { useEffect, useState } from 'react';
import { useCall } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/** The failed events of recording, transcription, captions and broadcasting, shown in words. */
export const EventNotices = () => {
  const call = useCall();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!call) return;
    const offs = [
      call.on('call.recording_failed', () => setNotice(text.events.recordingFailed)),
      call.on('call.transcription_failed', () => setNotice(text.events.transcriptionFailed)),
      call.on('call.closed_captions_failed', () => setNotice(text.events.captionsFailed)),
      call.on('call.hls_broadcasting_failed', () => setNotice(text.events.broadcastFailed)),
    ];
    return () => offs.forEach((off) => off());
  }, [call]);
  return notice ? (
    <p className="call-notice" role="alert">
      {notice}
    </p>
  ) : null;
};

import { useEffect } from 'react';
import { useCall, useCallStateHooks } from '@stream-io/video-react-sdk';
import { CAPTIONS } from '@mentoring/shared/video';

/** Live closed captions: the SDK keeps at most 2, each for 2.7 s (docs/product-spec.md, point 9); we state both explicitly. */
export const Captions = () => {
  const call = useCall();
  const { useCallClosedCaptions, useParticipants } = useCallStateHooks();
  const captions = useCallClosedCaptions();
  const participants = useParticipants();

  useEffect(() => {
    call?.updateClosedCaptionSettings({ ...CAPTIONS });
  }, [call]);

  if (captions.length === 0) return null;
  const nameOf = (userId: string) => participants.find((p) => p.userId === userId)?.name || userId;
  return (
    <div className="call-captions" aria-live="polite" aria-label="Captions">
      {captions.map((caption) => (
        <p key={`${caption.speaker_id}/${caption.start_time}`}>
          <strong>{nameOf(caption.speaker_id)}:</strong> {caption.text}
        </p>
      ))}
    </div>
  );
};

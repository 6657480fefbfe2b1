import { useEffect } from 'react';
import { useCall, useCallStateHooks } from '@stream-io/video-react-sdk';
import { CAPTIONS } from '@mentoring/shared/video';

/**
 * Live closed captions: the SDK keeps at most 2, each for 2.7 s (docs/product-spec.md, point 9); we state both explicitly.
 * While captions are on, their strip holds its place below the video, so a caption covers no one's tile (the own
 * camera sits at the stage's foot) and the video does not jump each time a caption comes and goes; the live region
 * exists before its first words, which is when screen readers notice one.
 */
export const Captions = () => {
  const call = useCall();
  const { useCallClosedCaptions, useIsCallCaptioningInProgress, useParticipants } = useCallStateHooks();
  const captions = useCallClosedCaptions();
  const captioning = useIsCallCaptioningInProgress();
  const participants = useParticipants();

  useEffect(() => {
    call?.updateClosedCaptionSettings({ ...CAPTIONS });
  }, [call]);

  if (!captioning && captions.length === 0) return null;
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

import { useCallStateHooks } from '@stream-io/video-react-sdk';

/** docs/product-spec.md, point 4: the call's recording, transcribing, captioning and broadcasting flags, and whether it is live. */
export const useCallFeatureFlags = () => {
  const { useIsCallRecordingInProgress, useIsCallTranscribingInProgress, useIsCallCaptioningInProgress, useIsCallHLSBroadcastingInProgress, useIsCallLive } =
    useCallStateHooks();
  return {
    recording: useIsCallRecordingInProgress(),
    transcribing: useIsCallTranscribingInProgress(),
    captioning: useIsCallCaptioningInProgress(),
    broadcasting: useIsCallHLSBroadcastingInProgress(),
    live: useIsCallLive(),
  };
};

import { useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/** When the browser denies camera or microphone access, say so and how to allow it. */
export const PermissionGuidance = () => {
  const { useCameraState, useMicrophoneState } = useCallStateHooks();
  const camera = useCameraState();
  const microphone = useMicrophoneState();
  const cameraDenied = camera.hasBrowserPermission === false;
  const microphoneDenied = microphone.hasBrowserPermission === false;
  if (!cameraDenied && !microphoneDenied) return null;
  return (
    <div role="alert" className="permission-guidance">
      {cameraDenied && <p>{text.permissions.cameraDenied}</p>}
      {microphoneDenied && <p>{text.permissions.microphoneDenied}</p>}
      <p>{text.permissions.howToFix}</p>
    </div>
  );
};

import { useEffect, useRef, useState } from 'react';
import { useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/** Says in words when a host takes away a send capability (the SDK then turns the device off). */
export const CapabilityNotices = () => {
  const { useOwnCapabilities } = useCallStateHooks();
  const capabilities = useOwnCapabilities();
  const previous = useRef(capabilities);
  const [notices, setNotices] = useState<string[]>([]);
  useEffect(() => {
    const before = previous.current ?? [];
    const now = capabilities ?? [];
    const lost = before.filter((capability) => !now.includes(capability) && text.capabilityLost[capability]);
    if (lost.length) setNotices((current) => [...current, ...lost.map((capability) => text.capabilityLost[capability]!)]);
    previous.current = capabilities;
  }, [capabilities]);
  if (!notices.length) return null;
  return (
    <div className="call-notices" role="status">
      {notices.map((notice, index) => (
        <p key={index}>{notice}</p>
      ))}
    </div>
  );
};

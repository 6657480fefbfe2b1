import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { StreamCall, StreamVideo, type Call, type StreamVideoClient } from '@stream-io/video-react-sdk';

/** Renders call UI the way the app does: inside <StreamVideo> and <StreamCall> with the SDK's own objects. */
export const renderInCall = (client: StreamVideoClient, call: Call | null, ui: ReactNode) =>
  render(<StreamVideo client={client}>{call ? <StreamCall call={call}>{ui}</StreamCall> : ui}</StreamVideo>);

// The stand-in under Stream's own React components (the in-call view the product builds on): StreamVideo,
// StreamCall, PaginatedGridLayout and CallControls, unmodified.
import { CallControls, PaginatedGridLayout, StreamCall, StreamTheme, StreamVideo, StreamVideoClient } from '@stream-io/video-react-sdk';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import '@stream-io/video-react-sdk/dist/css/styles.css';

declare global {
  interface Window {
    joinWithReact(options: { baseUrl: string; apiKey: string; userId: string; token: string; callId: string }): Promise<void>;
  }
}

window.joinWithReact = async ({ baseUrl, apiKey, userId, token, callId }) => {
  const client = new StreamVideoClient({
    apiKey,
    user: { id: userId, name: userId },
    token,
    options: { baseURL: `${baseUrl}/video`, locationHintUrl: `${baseUrl}/video/location-hint` },
  });
  const call = client.call('default', callId);
  await call.join({ create: true });
  const root = document.createElement('div');
  document.body.append(root);
  createRoot(root).render(
    h(StreamVideo, { client }, h(StreamCall, { call }, h(StreamTheme, null, h(PaginatedGridLayout, null), h(CallControls, null)))),
  );
};

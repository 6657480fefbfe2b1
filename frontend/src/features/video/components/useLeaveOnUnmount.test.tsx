import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CallingState, type Call } from '@stream-io/video-react-sdk';
import { createOfflineClient, type OfflineClient } from '@testing/video/offlineStream';
import { useLeaveOnUnmount } from './useLeaveOnUnmount';

const Page = ({ call }: { call: Call }) => {
  useLeaveOnUnmount(call);
  return null;
};

const clients: OfflineClient[] = [];
afterEach(async () => {
  for (const { client } of clients.splice(0)) await client.disconnectUser();
});

describe('useLeaveOnUnmount', () => {
  it("survives StrictMode's unmount-and-mount check, and leaves when the page goes away", async () => {
    const offline = await createOfflineClient({ userId: 'alice', connect: false });
    clients.push(offline);
    const call = offline.client.call('default', 'page');
    const { unmount } = render(
      <StrictMode>
        <Page call={call} />
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(call.state.callingState).toBe(CallingState.IDLE);
    unmount();
    await expect.poll(() => call.state.callingState).toBe(CallingState.LEFT);
  });
});

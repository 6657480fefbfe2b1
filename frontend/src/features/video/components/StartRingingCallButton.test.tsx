import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callResponse, createOfflineClient, member, type OfflineClient } from '../../../../testing/video/offlineStream';
import { renderInCall } from '../../../../testing/video/renderCall';
import { StartRingingCallButton } from './StartRingingCallButton';

const clients: OfflineClient[] = [];
afterEach(async () => {
  for (const { client } of clients.splice(0)) await client.disconnectUser();
});

describe('StartRingingCallButton (for a conversation on /messages)', () => {
  it("rings the conversation's members", async () => {
    const offline = await createOfflineClient({ userId: 'alice' });
    clients.push(offline);
    offline.api.on('POST', /^\/call\/default\/[\w-]+$/, (request) => ({
      data: { call: callResponse({ type: 'default', id: request.path.split('/').at(-1)!, createdBy: 'alice', session: {} }), members: ['alice', 'bob'].map(member), own_capabilities: [], duration: '1ms' },
    }));
    renderInCall(offline.client, null, <StartRingingCallButton memberIds={['bob']} label="Call Bob" />);
    await userEvent.click(screen.getByRole('button', { name: 'Call Bob' }));
    await waitFor(() => expect(offline.api.requests.at(-1)?.body).toEqual({ ring: true, data: { members: [{ user_id: 'alice' }, { user_id: 'bob' }] } }));
    expect(offline.client.state.calls.some((call) => call.ringing)).toBe(true);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { CallingState } from '@stream-io/video-react-sdk';
import { callResponse, createOfflineClient, member, type OfflineClient } from '@testing/video/offlineStream';
import { startCall } from './start-call';

describe('startCall', () => {
  const clients: OfflineClient[] = [];
  afterEach(async () => {
    for (const { client } of clients.splice(0)) await client.disconnectUser();
  });

  it('creates the call with me and the invited members, ringing them when asked', async () => {
    const offline = await createOfflineClient({ userId: 'alice' });
    clients.push(offline);
    offline.api.on('POST', /^\/call\/audio_room\/[\w-]+$/, (request) => ({
      data: {
        call: callResponse({ type: 'audio_room', id: request.path.split('/').at(-1)!, createdBy: 'alice', session: {} }),
        members: ['alice', 'bob', 'carol'].map(member),
        own_capabilities: [],
        duration: '1ms',
      },
    }));
    const call = await startCall(offline.client, { type: 'audio_room', memberIds: [' bob', 'carol ', '', 'alice'], ring: true });
    const request = offline.api.requests.find((r) => r.method === 'POST' && r.path === `/call/audio_room/${call.id}`);
    expect(call.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({ ring: true, data: { members: [{ user_id: 'alice' }, { user_id: 'bob' }, { user_id: 'carol' }] } });
    expect(call.ringing).toBe(true);
    expect(call.state.callingState).toBe(CallingState.RINGING);
  });
});

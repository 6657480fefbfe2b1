import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OwnCapability, SfuModels, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import { createOfflineClient, scriptCall, type OfflineClient } from '@testing/video/offlineStream';
import { renderInCall } from '@testing/video/renderCall';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { RoleSortedStage } from './RoleSortedStage';

beforeAll(installBrowserStubs);

const clients: OfflineClient[] = [];
afterEach(async () => {
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

const person = (userId: string, roles: string[], extra: Partial<StreamVideoParticipant> = {}) =>
  ({
    sessionId: `s-${userId}`,
    userId,
    name: userId,
    roles,
    publishedTracks: [],
    isLocalParticipant: false,
    isSpeaking: false,
    isDominantSpeaker: false,
    connectionQuality: SfuModels.ConnectionQuality.GOOD,
    audioLevel: 0,
    trackLookupPrefix: userId,
    image: '',
    custom: {},
    ...extra,
  }) as StreamVideoParticipant;

const setUp = async (type: string, ownCapabilities: OwnCapability[]) => {
  const offline = await createOfflineClient({ userId: 'me' });
  clients.push(offline);
  scriptCall(offline.api, { type, id: 'stage', createdBy: 'host', ownCapabilities, session: {} });
  const call = offline.client.call(type, 'stage');
  await call.get();
  return { ...offline, call };
};

describe('the stage of livestreams and audio rooms', () => {
  it.each(['livestream', 'audio_room'])('%s shows admin, host and speaker first', async (type) => {
    const { client, call } = await setUp(type, [OwnCapability.JOIN_CALL]);
    act(() => call.state.setParticipants([person('listener', ['user']), person('speaker', ['speaker']), person('me', ['user'], { isLocalParticipant: true }), person('host', ['host']), person('admin', ['admin'])]));
    const { container } = renderInCall(client, call, <RoleSortedStage />);
    const order = [...container.querySelectorAll('[data-user-id]')].map((tile) => tile.getAttribute('data-user-id'));
    expect(new Set(order.slice(0, 3))).toEqual(new Set(['admin', 'host', 'speaker']));
    expect(new Set(order.slice(3))).toEqual(new Set(['listener', 'me']));
  });

  it('shows each participant’s connection quality and highlights the dominant speaker', async () => {
    const { client, call } = await setUp('audio_room', [OwnCapability.JOIN_CALL]);
    act(() => call.state.setParticipants([person('host', ['host'], { connectionQuality: SfuModels.ConnectionQuality.POOR, isDominantSpeaker: true }), person('speaker', ['speaker'], { connectionQuality: SfuModels.ConnectionQuality.EXCELLENT })]));
    const { container } = renderInCall(client, call, <RoleSortedStage />);
    const tile = (userId: string) => container.querySelector(`[data-user-id="${userId}"]`)!;
    expect(tile('host').querySelector('[title="poor"]')).not.toBeNull();
    expect(tile('speaker').querySelector('[title="excellent"]')).not.toBeNull();
    expect(tile('host').querySelector('.str-video__participant-view--dominant-speaker')).not.toBeNull();
    expect(tile('speaker').querySelector('.str-video__participant-view--dominant-speaker')).toBeNull();
  });

  it('pins locally for anyone, and for everyone only with pin-for-everyone', async () => {
    const { client, call, api } = await setUp('livestream', [OwnCapability.JOIN_CALL]);
    api.on('POST', /\/call\/livestream\/stage\/pin$/, () => ({ data: { duration: '1ms' } }));
    act(() => call.state.setParticipants([person('host', ['host']), person('me', ['user'], { isLocalParticipant: true })]));
    renderInCall(client, call, <RoleSortedStage />);
    // Each tile has named pin buttons (Stream's own tile menu toggle has no name).
    expect(screen.queryByRole('button', { name: 'Pin host for everyone' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pin host' }));
    expect(call.state.participants.find((p) => p.userId === 'host')?.pin?.isLocalPin).toBe(true);
    expect(screen.getByRole('button', { name: 'Unpin host' })).toHaveAttribute('aria-pressed', 'true');

    act(() => call.state.setOwnCapabilities([OwnCapability.JOIN_CALL, OwnCapability.PIN_FOR_EVERYONE]));
    act(() => call.unpin('s-host'));
    await userEvent.click(await screen.findByRole('button', { name: 'Pin host for everyone' }));
    await waitFor(() => expect(api.requests.find((request) => request.path === '/call/livestream/stage/pin')?.body).toEqual({ session_id: 's-host', user_id: 'host' }));
  });
});

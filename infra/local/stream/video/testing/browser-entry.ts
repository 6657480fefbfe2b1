/// <reference lib="dom" />
// The browser side of the stand-in's own call test: the real, unmodified video client, driven from Playwright.
import { StreamVideoClient, type Call } from '@stream-io/video-client';

declare global {
  interface Window {
    joinCall(options: { baseUrl: string; apiKey: string; userId: string; token: string; callId: string }): Promise<void>;
    callHandle?: Call;
    remoteState(userId: string): { publishedTracks: number[]; audio?: { readyState: string; muted: boolean; enabled: boolean } } | undefined;
  }
}

window.joinCall = async ({ baseUrl, apiKey, userId, token, callId }) => {
  const client = new StreamVideoClient({
    apiKey,
    user: { id: userId, name: userId },
    token,
    options: { baseURL: `${baseUrl}/video`, locationHintUrl: `${baseUrl}/video/location-hint` },
  });
  const call = client.call('default', callId);
  window.callHandle = call;
  await call.join({ create: true });
  await Promise.all([call.camera.enable(), call.microphone.enable()]);
  call.state.participants$.subscribe((participants) => {
    for (const participant of participants) {
      if (participant.isLocalParticipant) continue;
      for (const [kind, stream] of [['video', participant.videoStream], ['screen', participant.screenShareStream], ['audio', participant.audioStream]] as const) {
        const id = `${kind}-${participant.userId}`;
        let element = document.getElementById(id) as HTMLMediaElement | null;
        if (!stream) {
          element?.remove();
          continue;
        }
        if (!element) {
          element = document.createElement(kind === 'audio' ? 'audio' : 'video');
          element.id = id;
          element.muted = true;
          element.autoplay = true;
          (element as HTMLVideoElement).playsInline = true;
          document.body.append(element);
        }
        if (element.srcObject !== stream) {
          element.srcObject = stream;
          void element.play().catch(() => undefined);
        }
      }
    }
  });
};

window.remoteState = (userId) => {
  const participant = window.callHandle?.state.participants.find((p) => p.userId === userId && !p.isLocalParticipant);
  if (!participant) return undefined;
  const audio = participant.audioStream?.getAudioTracks()[0];
  return {
    publishedTracks: [...participant.publishedTracks],
    audio: audio && { readyState: audio.readyState, muted: audio.muted, enabled: audio.enabled },
  };
};

// The browser side of the stand-in's own call tests: the real, unmodified video client, driven from Playwright.
import { CallingState, StreamVideoClient, type Call } from '@stream-io/video-client';

interface Connection {
  baseUrl: string;
  apiKey: string;
  userId: string;
  token: string;
}

declare global {
  interface Window {
    connect(options: Connection): Promise<void>;
    joinCall(options: Connection & { callId: string }): Promise<void>;
    ringCall(callId: string, memberIds: string[]): Promise<void>;
    acceptIncomingCall(): Promise<string>;
    callingState(): string | undefined;
    /** Every calling state the call has been in, in order (the SDK may recycle a left call to idle at once). */
    callingStates(): string[];
    callHandle?: Call;
    /** Shows a remote user's camera at this CSS width, as a tile of that size would. */
    showCameraAt(userId: string, width: number): void;
    remoteState(userId: string): { publishedTracks: number[]; loudest: number; connectionQuality: number; audio?: { readyState: string; muted: boolean; enabled: boolean } } | undefined;
  }
}

let client: StreamVideoClient | undefined;

window.connect = async ({ baseUrl, apiKey, userId, token }) => {
  client = new StreamVideoClient({
    apiKey,
    options: { baseURL: `${baseUrl}/video`, locationHintUrl: `${baseUrl}/video/location-hint` },
  });
  await client.connectUser({ id: userId, name: userId }, token);
};

/** The loudest audio level the SFU reported of each remote user. */
const loudest = new Map<string, number>();

const states: string[] = [];
/** The camera elements' unbinding from the client, by element id. */
const unbinders = new Map<string, () => void>();

const createMediaElement = (kind: 'video' | 'screen' | 'audio', id: string) => {
  const element = document.createElement(kind === 'audio' ? 'audio' : 'video');
  element.id = id;
  element.muted = true;
  element.autoplay = true;
  (element as HTMLVideoElement).playsInline = true;
  document.body.append(element);
  return element;
};

/**
 * Shows every remote participant's streams in media elements named by kind and user (video-bob, screen-bob,
 * audio-bob). A camera is bound to its element by the client (`bindVideoElement`), as Stream's React and plain-JS
 * integrations do: the client then asks the SFU for the size the element shows (UpdateSubscriptions; the 1.60 client
 * subscribes only to the video of a participant whose element size it knows).
 */
const render = (call: Call) => {
  window.callHandle = call;
  call.state.callingState$.subscribe((state) => states.push(state));
  call.state.participants$.subscribe((participants) => {
    for (const participant of participants) {
      if (participant.isLocalParticipant) continue;
      loudest.set(participant.userId, Math.max(loudest.get(participant.userId) ?? 0, participant.audioLevel));
      for (const [kind, stream] of [['video', participant.videoStream], ['screen', participant.screenShareStream], ['audio', participant.audioStream]] as const) {
        const id = `${kind}-${participant.userId}`;
        let element = document.getElementById(id) as HTMLMediaElement | null;
        if (!stream) {
          element?.remove();
          unbinders.get(id)?.();
          unbinders.delete(id);
          continue;
        }
        if (!element) {
          element = createMediaElement(kind, id);
          if (kind === 'video') {
            const unbind = call.bindVideoElement(element as HTMLVideoElement, participant.sessionId, 'videoTrack');
            if (unbind) unbinders.set(id, unbind);
          }
        }
        if (kind !== 'video' && element.srcObject !== stream) {
          element.srcObject = stream;
          void element.play().catch(() => undefined);
        }
      }
    }
  });
};

window.showCameraAt = (userId, width) => {
  const element = document.getElementById(`video-${userId}`);
  if (element) element.style.width = `${width}px`;
};

const publishDevices = (call: Call) => Promise.all([call.camera.enable(), call.microphone.enable()]);

window.joinCall = async (options) => {
  await window.connect(options);
  const call = client!.call('default', options.callId);
  render(call);
  await call.join({ create: true });
  await publishDevices(call);
};

/** The caller's side of a ring: the SDK itself joins once a callee accepts. */
window.ringCall = async (callId, memberIds) => {
  const call = client!.call('default', callId);
  render(call);
  await call.getOrCreate({ ring: true, video: true, data: { members: memberIds.map((user_id) => ({ user_id })) } });
  call.state.callingState$.subscribe((state) => {
    if (state === CallingState.JOINED) void publishDevices(call);
  });
};

/** The callee's side: the ring arrives on the coordinator socket as a ringing call; joining it accepts it. */
window.acceptIncomingCall = async () => {
  const incoming = await new Promise<Call>((resolve) => {
    const subscription = client!.state.calls$.subscribe((calls) => {
      const ringing = calls.find((call) => call.ringing && !call.isCreatedByMe);
      if (ringing) {
        queueMicrotask(() => subscription.unsubscribe());
        resolve(ringing);
      }
    });
  });
  render(incoming);
  await incoming.join();
  await publishDevices(incoming);
  return incoming.cid;
};

window.callingState = () => window.callHandle?.state.callingState;
window.callingStates = () => [...states];

window.remoteState = (userId) => {
  const participant = window.callHandle?.state.participants.find((p) => p.userId === userId && !p.isLocalParticipant);
  if (!participant) return undefined;
  const audio = participant.audioStream?.getAudioTracks()[0];
  return {
    publishedTracks: [...participant.publishedTracks],
    loudest: loudest.get(userId) ?? 0,
    connectionQuality: participant.connectionQuality,
    audio: audio && { readyState: audio.readyState, muted: audio.muted, enabled: audio.enabled },
  };
};

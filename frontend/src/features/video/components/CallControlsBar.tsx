import {
  OwnCapability,
  useCall,
  useCallStateHooks,
  useNoiseCancellation,
} from '@stream-io/video-react-sdk';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { mentorshipIdOfCall } from '@mentoring/shared/mentorship-calls';
import { groupSessionIdOfCall } from '@mentoring/shared/group-sessions';
import { useSafetySlots } from '@/lib/safety-slots';
import { copy as text } from '../copy';
import { useCallFeatureFlags } from './useCallFeatureFlags';
import { DeviceToggle, ReactionsMenu, ScreenShareToggle } from './DeviceButtons';
import { DeviceSettingsPanel } from './DeviceSettingsPanel';
import { Gate } from './Gate';
import { useRoom } from './room/RoomContext';
import { onStage } from './room/RoomPeople';
import { groupConsentStore, pairConsentStore, RecordingConsentControls } from './RecordingConsent';
import { useCallAction } from './useCallAction';

const CallStatsPanel = lazy(() => import('./CallStatsPanel'));

interface ToggleProps {
  on: boolean;
  start: { can: OwnCapability; label: string; action: () => Promise<unknown> };
  stop: { can: OwnCapability; label: string; action: () => Promise<unknown> };
  run: ReturnType<typeof useCallAction>['run'];
  busy: boolean;
}

/** A start/stop pair where each half needs its own capability, so a member may start but not stop. */
const StartStop = ({ on, start, stop, run, busy }: ToggleProps) => {
  const half = on ? stop : start;
  return (
    <Gate can={[half.can]}>
      <button type="button" className="call-button" disabled={busy} aria-pressed={on} onClick={() => run(half.action)}>
        {half.label}
      </button>
    </Gate>
  );
};

const NoiseCancellationToggle = () => {
  const { isSupported, isEnabled, setEnabled } = useNoiseCancellation();
  const { useCallSettings } = useCallStateHooks();
  const mode = useCallSettings()?.audio.noise_cancellation?.mode;
  if (!isSupported || mode === 'disabled') return null;
  return (
    <Gate can={[OwnCapability.ENABLE_NOISE_CANCELLATION]}>
      <button type="button" className="call-button" aria-pressed={isEnabled} onClick={() => setEnabled((value) => !value)}>
        {isEnabled ? text.controls.noiseCancellationOff : text.controls.noiseCancellationOn}
      </button>
    </Gate>
  );
};

export type CallPanel = 'participants' | 'stats' | 'settings' | 'invite' | null;

export interface CallControlsBarProps {
  onLeave: () => void;
  panel: CallPanel;
  onPanel: (panel: CallPanel) => void;
  layout?: { value: 'speaker' | 'grid'; onChange: (value: 'speaker' | 'grid') => void };
  /** Inside a NoiseCancellationProvider only. */
  noiseCancellation?: boolean;
  /** The member can invite a guest (the panel's content is the call page's). */
  canInvite?: boolean;
  /**
   * A call with a stage and an audience (livestream, audio room): raising a hand is a request of its own there, not a
   * reaction, and device statistics and settings are for those who send.
   */
  audience?: boolean;
}

/** What a participant needs to start or stop a recording or transcription; guests have none of them. */
const RECORDING_CAPABILITIES: readonly OwnCapability[] = [
  OwnCapability.START_RECORD_CALL,
  OwnCapability.STOP_RECORD_CALL,
  OwnCapability.START_TRANSCRIPTION_CALL,
  OwnCapability.STOP_TRANSCRIPTION_CALL,
];

export const CallControlsBar = ({ onLeave, panel, onPanel, layout, noiseCancellation, canInvite = false, audience = false }: CallControlsBarProps) => {
  const call = useCall();
  const room = useRoom();
  const { useOwnCapabilities, useCallSettings, useLocalParticipant } = useCallStateHooks();
  const capabilities = useOwnCapabilities();
  const local = useLocalParticipant();
  const backstage = useCallSettings()?.backstage.enabled === true;
  const sends = capabilities?.some((capability) => capability === OwnCapability.SEND_AUDIO || capability === OwnCapability.SEND_VIDEO) ?? false;
  const { report } = useSafetySlots();
  const { recording, transcribing, captioning, broadcasting, live } = useCallFeatureFlags();
  const { busy, error, run } = useCallAction();
  // A mentorship's call is a session: its recording waits for everyone's consent (the session id is the call id).
  // Consent is a member's, asked through our API: a guest (no account, no API session, no query cache on the
  // public page) can neither record nor give it, so a guest's bar has no consent controls.
  const mayRecord = capabilities?.some((capability) => RECORDING_CAPABILITIES.includes(capability)) ?? false;
  const sessionId = call && mentorshipIdOfCall(call.type, call.id) && mayRecord ? call.id : null;
  const pairStore = useMemo(() => (sessionId ? pairConsentStore(sessionId) : null), [sessionId]);
  // A group session's room waits for everyone on stage; the audience is told that it is recorded, not asked.
  // Told by the call itself, not the room's read of the session: until that read lands, nothing is offered unasked.
  const groupSessionId = call ? groupSessionIdOfCall(call.type, call.id) : null;
  const groupStore = useMemo(() => (groupSessionId ? groupConsentStore(groupSessionId) : null), [groupSessionId]);
  if (!call) return null;
  const consented = [
    {
      on: recording,
      can: { start: OwnCapability.START_RECORD_CALL, stop: OwnCapability.STOP_RECORD_CALL },
      labels: { start: text.controls.startRecording, stop: text.controls.stopRecording },
      actions: { start: () => call.startRecording(), stop: () => call.stopRecording() },
    },
    {
      on: transcribing,
      can: { start: OwnCapability.START_TRANSCRIPTION_CALL, stop: OwnCapability.STOP_TRANSCRIPTION_CALL },
      labels: { start: text.controls.startTranscription, stop: text.controls.stopTranscription },
      actions: { start: () => call.startTranscription(), stop: () => call.stopTranscription() },
    },
  ];

  const panelButton = (value: Exclude<CallPanel, null>, label: string): ReactNode => (
    <button type="button" className="call-button" aria-pressed={panel === value} onClick={() => onPanel(panel === value ? null : value)}>
      {label}
    </button>
  );

  return (
    <div className="call-controls" role="toolbar" aria-label="Call controls">
      {/* Everything but leaving, which stays in view at the end of the bar however narrow the window. */}
      <div className="call-controls__more">
        <Gate can={[OwnCapability.SEND_AUDIO]}>
          <span className="call-control" data-control="microphone">
            <DeviceToggle device="microphone" />
          </span>
        </Gate>
        <Gate can={[OwnCapability.SEND_VIDEO]}>
          <span className="call-control" data-control="camera">
            <DeviceToggle device="camera" />
          </span>
        </Gate>
        <Gate can={[OwnCapability.SCREENSHARE]}>
          <span className="call-control" data-control="screenshare">
            <ScreenShareToggle />
          </span>
        </Gate>
        <Gate can={[OwnCapability.CREATE_REACTION]}>
          <span className="call-control" data-control="reactions">
            <ReactionsMenu raisedHand={!audience} />
          </span>
        </Gate>
        {noiseCancellation && <NoiseCancellationToggle />}
        {pairStore ? (
          <RecordingConsentControls store={pairStore} busy={busy} run={run} features={consented} />
        ) : groupStore ? (
          (mayRecord || (local !== undefined && onStage(local))) && <RecordingConsentControls store={groupStore} asked={onStage} busy={busy} run={run} features={consented} />
        ) : (
          <>
            <StartStop
              on={recording}
              busy={busy}
              run={run}
              start={{ can: OwnCapability.START_RECORD_CALL, label: text.controls.startRecording, action: () => call.startRecording() }}
              stop={{ can: OwnCapability.STOP_RECORD_CALL, label: text.controls.stopRecording, action: () => call.stopRecording() }}
            />
            <StartStop
              on={transcribing}
              busy={busy}
              run={run}
              start={{ can: OwnCapability.START_TRANSCRIPTION_CALL, label: text.controls.startTranscription, action: () => call.startTranscription() }}
              stop={{ can: OwnCapability.STOP_TRANSCRIPTION_CALL, label: text.controls.stopTranscription, action: () => call.stopTranscription() }}
            />
          </>
        )}
        <StartStop
          on={captioning}
          busy={busy}
          run={run}
          start={{ can: OwnCapability.START_CLOSED_CAPTIONS_CALL, label: text.controls.startCaptions, action: () => call.startClosedCaptions() }}
          stop={{ can: OwnCapability.STOP_CLOSED_CAPTIONS_CALL, label: text.controls.stopCaptions, action: () => call.stopClosedCaptions() }}
        />
        <StartStop
          on={broadcasting}
          busy={busy}
          run={run}
          start={{ can: OwnCapability.START_BROADCAST_CALL, label: text.controls.startBroadcast, action: () => call.startHLS() }}
          stop={{ can: OwnCapability.STOP_BROADCAST_CALL, label: text.controls.stopBroadcast, action: () => call.stopHLS() }}
        />
        {(call.type === 'livestream' || backstage) && (
          <StartStop
            on={live}
            busy={busy}
            run={run}
            start={{ can: OwnCapability.UPDATE_CALL, label: text.controls.goLive, action: () => call.goLive() }}
            stop={{ can: OwnCapability.UPDATE_CALL, label: text.controls.stopLive, action: () => call.stopLive() }}
          />
        )}
        {layout && (
          <button type="button" className="call-button" onClick={() => layout.onChange(layout.value === 'speaker' ? 'grid' : 'speaker')}>
            {layout.value === 'speaker' ? text.controls.layoutGrid : text.controls.layoutSpeaker}
          </button>
        )}
        {panelButton('participants', text.controls.participants)}
        {(!audience || sends) && panelButton('stats', text.controls.stats)}
        {(!audience || sends) && panelButton('settings', text.controls.settings)}
        {canInvite && panelButton('invite', text.controls.invite)}
        <Gate can={[OwnCapability.END_CALL]}>
          <button type="button" className="call-button call-button--danger" disabled={busy} onClick={() => run(() => call.endCall())}>
            {room ? text.room.endForEveryone : text.controls.endForEveryone}
          </button>
        </Gate>
        {report && (
          <button type="button" className="call-button" onClick={() => report({ subject: { kind: 'call', callCid: call.cid }, about: 'this call', canEndMentorship: call.id.startsWith('m-') })}>
            {text.controls.report}
          </button>
        )}
      </div>
      <button type="button" className="call-button call-button--danger" onClick={onLeave}>
        {text.controls.leave}
      </button>
      {error && (
        <p role="alert" className="call-error">
          {error}
        </p>
      )}
      {panel === 'stats' && (
        <Suspense fallback={null}>
          <CallStatsPanel />
        </Suspense>
      )}
      {panel === 'settings' && <DeviceSettingsPanel />}
    </div>
  );
};

import { useMemo, useState, type ReactNode } from 'react';
import { CallParticipantsList, NoiseCancellationProvider, PaginatedGridLayout, SpeakerLayout, useCall } from '@stream-io/video-react-sdk';
import { NoiseCancellation } from '@stream-io/audio-filters-web';
import { ROLE_SORTED_CALL_TYPES, type CallType } from '@mentoring/shared';
import { AudioRoomPanel } from './AudioRoomPanel';
import { CallControlsBar, type CallPanel } from './CallControlsBar';
import { CallIndicators } from './CallIndicators';
import { CapabilityNotices } from './CapabilityNotices';
import { Captions } from './Captions';
import { EventNotices } from './EventNotices';
import { LivestreamStatus } from './LivestreamStatus';
import { RoleSortedStage } from './RoleSortedStage';

/** Noise cancellation needs Web Audio; where the browser lacks it the control is not offered. */
const useNoiseCancellationFilter = () =>
  useMemo(() => (typeof AudioContext === 'undefined' ? null : new NoiseCancellation()), []);

export const ActiveCall = ({ onLeave }: { onLeave: () => void }) => {
  const call = useCall();
  const [panel, setPanel] = useState<CallPanel>(null);
  const [layout, setLayout] = useState<'speaker' | 'grid'>('speaker');
  const noiseCancellation = useNoiseCancellationFilter();
  if (!call) return null;
  const roleSorted = (ROLE_SORTED_CALL_TYPES as readonly string[]).includes(call.type as CallType);

  const content: ReactNode = (
    <div className="active-call" data-call-type={call.type}>
      <CallIndicators />
      <CapabilityNotices />
      <EventNotices />
      {call.type === 'livestream' && <LivestreamStatus />}
      <div className="active-call__stage">
        {roleSorted ? <RoleSortedStage /> : layout === 'speaker' ? <SpeakerLayout participantsBarPosition="bottom" /> : <PaginatedGridLayout />}
        <Captions />
      </div>
      {call.type === 'audio_room' && <AudioRoomPanel />}
      {panel === 'participants' && (
        <aside className="call-panel">
          <CallParticipantsList onClose={() => setPanel(null)} />
        </aside>
      )}
      <CallControlsBar
        onLeave={onLeave}
        panel={panel}
        onPanel={setPanel}
        layout={roleSorted ? undefined : { value: layout, onChange: setLayout }}
        noiseCancellation={Boolean(noiseCancellation)}
      />
    </div>
  );
  return noiseCancellation ? <NoiseCancellationProvider noiseCancellation={noiseCancellation}>{content}</NoiseCancellationProvider> : content;
};

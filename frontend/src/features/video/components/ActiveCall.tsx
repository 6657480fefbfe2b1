import { useEffect, useState, type ReactNode } from 'react';
import { CallParticipantsList, NoiseCancellationProvider, PaginatedGridLayout, SpeakerLayout, useCall } from '@stream-io/video-react-sdk';
import type { INoiseCancellation } from '@stream-io/audio-filters-web';
import { ROLE_SORTED_CALL_TYPES, type CallType } from '@mentoring/shared/video';
import { AudioRoomPanel } from './AudioRoomPanel';
import { CallControlsBar, type CallPanel } from './CallControlsBar';
import { CallIndicators } from './CallIndicators';
import { CapabilityNotices } from './CapabilityNotices';
import { Captions } from './Captions';
import { EventNotices } from './EventNotices';
import { LivestreamStatus } from './LivestreamStatus';
import { PermissionGuidance } from './PermissionGuidance';
import { RoleSortedStage } from './RoleSortedStage';
import { TileUi } from './TileUi';

/**
 * Noise cancellation needs Web Audio and workers; where the browser lacks them the control is not offered.
 * The filter (a large WebAssembly module) loads only once a call is on screen.
 */
const useNoiseCancellationFilter = () => {
  const [filter, setFilter] = useState<INoiseCancellation | null>(null);
  useEffect(() => {
    if (typeof AudioContext === 'undefined' || typeof Worker === 'undefined') return;
    let cancelled = false;
    import('@stream-io/audio-filters-web')
      .then(({ NoiseCancellation }) => {
        if (!cancelled) setFilter(new NoiseCancellation());
      })
      .catch((cause: unknown) => console.warn(cause));
    return () => {
      cancelled = true;
    };
  }, []);
  return filter;
};

const tileUi = <TileUi />;

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
      <PermissionGuidance />
      <EventNotices />
      {call.type === 'livestream' && <LivestreamStatus />}
      <div className="active-call__stage">
        {roleSorted ? <RoleSortedStage /> : layout === 'speaker' ? <SpeakerLayout participantsBarPosition="bottom" ParticipantViewUIBar={tileUi} ParticipantViewUISpotlight={tileUi} /> : <PaginatedGridLayout ParticipantViewUI={tileUi} />}
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

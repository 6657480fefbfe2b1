import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { NoiseCancellationProvider, PaginatedGridLayout, SpeakerLayout, useCall } from '@stream-io/video-react-sdk';
import type { INoiseCancellation } from '@stream-io/audio-filters-web';
import { ROLE_SORTED_CALL_TYPES, type CallType } from '@mentoring/shared/video';
import { CallControlsBar, type CallPanel } from './CallControlsBar';
import { CallIndicators } from './CallIndicators';
import { CapabilityNotices } from './CapabilityNotices';
import { Captions } from './Captions';
import { EventNotices } from './EventNotices';
import { LivestreamStatus } from './LivestreamStatus';
import { PartnerLeftNotice } from './PartnerLeftNotice';
import { PermissionGuidance } from './PermissionGuidance';
import { RoleSortedStage } from './RoleSortedStage';
import { RoomPeople } from './room/RoomPeople';
import { TileUi } from './TileUi';

const ParticipantsPanel = lazy(() => import('./ParticipantsPanel'));
// Only a group session's room has a stage: a pair's call never loads it.
const StagePanel = lazy(() => import('./room/StagePanel').then(({ StagePanel: Component }) => ({ default: Component })));

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

export const ActiveCall = ({ onLeave, invite }: { onLeave: () => void; invite?: ReactNode }) => {
  const call = useCall();
  const [panel, setPanel] = useState<CallPanel>(null);
  const [layout, setLayout] = useState<'speaker' | 'grid'>('speaker');
  const noiseCancellation = useNoiseCancellationFilter();
  if (!call) return null;
  const roleSorted = (ROLE_SORTED_CALL_TYPES as readonly string[]).includes(call.type as CallType);

  // Only the controls sit inside the noise-cancellation provider: it arrives once its filter has loaded, and wrapping
  // the whole call in it then would mount the stage and its notices again, losing what they showed.
  const controls = (
    <CallControlsBar
      onLeave={onLeave}
      panel={panel}
      onPanel={setPanel}
      layout={roleSorted ? undefined : { value: layout, onChange: setLayout }}
      noiseCancellation={Boolean(noiseCancellation)}
      canInvite={Boolean(invite)}
      audience={roleSorted}
    />
  );
  return (
    <div className="active-call" data-call-type={call.type}>
      <CallIndicators />
      <CapabilityNotices />
      <PermissionGuidance />
      <EventNotices />
      <PartnerLeftNotice onLeave={onLeave} />
      {roleSorted && <LivestreamStatus />}
      <div className="active-call__stage">
        {roleSorted ? <RoleSortedStage /> : layout === 'speaker' ? <SpeakerLayout participantsBarPosition="bottom" ParticipantViewUIBar={tileUi} ParticipantViewUISpotlight={tileUi} /> : <PaginatedGridLayout ParticipantViewUI={tileUi} />}
        <Captions />
      </div>
      {roleSorted && (
        <Suspense fallback={null}>
          <StagePanel />
        </Suspense>
      )}
      {panel === 'invite' && invite && <div className="call-panel call-panel--light">{invite}</div>}
      {panel === 'participants' &&
        (roleSorted ? (
          <RoomPeople />
        ) : (
          <Suspense fallback={null}>
            <ParticipantsPanel onClose={() => setPanel(null)} />
          </Suspense>
        ))}
      {noiseCancellation ? <NoiseCancellationProvider noiseCancellation={noiseCancellation}>{controls}</NoiseCancellationProvider> : controls}
    </div>
  );
};

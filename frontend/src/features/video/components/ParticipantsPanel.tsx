import { CallParticipantsList } from '@stream-io/video-react-sdk';

/** The SDK's list of who is in the call, loaded when a member opens it. */
const ParticipantsPanel = ({ onClose }: { onClose: () => void }) => (
  <aside className="call-panel">
    <CallParticipantsList onClose={onClose} />
  </aside>
);

export default ParticipantsPanel;

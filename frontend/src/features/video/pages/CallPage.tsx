import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CallingState, useStreamVideoClient } from '@stream-io/video-react-sdk';
import { isCallType } from '@mentoring/shared/video';
import { groupSessionIdOfCall } from '@mentoring/shared/group-sessions';
import '@stream-io/video-react-sdk/dist/css/styles.css';
import '../video.css';
import { CallContext } from '../components/CallContext';
import { CallExperience } from '../components/CallExperience';
import { GuestLink } from '../components/GuestLink';
import { useLeaveOnUnmount } from '../components/useLeaveOnUnmount';
import { VideoClientBoundary } from '../components/VideoClientBoundary';
import { ErrorState } from '@/components/StatePanel/StatePanel';
import { groupSessionQuery, refreshCallLists } from '@/lib/shared-api';
import type { GroupRoom } from '../components/room/RoomContext';
import { copy as text } from '../copy';

/** A group session's call is its live room: the session's title, start and places, read with the page. */
const useGroupRoom = (sessionId: string | null): GroupRoom | null => {
  const session = useQuery({ ...groupSessionQuery(sessionId ?? ''), enabled: Boolean(sessionId) }).data;
  if (!sessionId || !session) return null;
  return { sessionId, title: session.title, startsAt: session.startsAt, taken: session.taken };
};

const SignedInCall = ({ type, id }: { type: string; id: string }) => {
  const client = useStreamVideoClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An accepted ringing call is already joined: reuse the client's instance of it.
  const call = useMemo(() => client?.state.calls.find((known) => known.cid === `${type}:${id}` && known.state.callingState === CallingState.JOINED) ?? client?.call(type, id), [client, type, id]);
  useLeaveOnUnmount(call);
  const groupSessionId = groupSessionIdOfCall(type, id);
  const room = useGroupRoom(groupSessionId);
  if (!call) return null;
  // The server made a group session's call and names who is in it: the room creates nothing and invites no guest.
  return (
    <CallExperience
      call={call}
      create={!groupSessionId}
      joined={call.state.callingState === CallingState.JOINED}
      onDone={() => navigate(groupSessionId ? `/group-sessions/${groupSessionId}` : '/calls')}
      doneLabel={groupSessionId ? text.room.doneLabel : text.postCall.back}
      aside={groupSessionId ? undefined : <GuestLink type={type} id={id} />}
      onLeft={() => void refreshCallLists(queryClient)}
      room={room}
    />
  );
};

/** /calls/:type/:id (signed in): who the call is with and a way back, then lobby, call, post-call. */
export const CallPage = () => {
  const { type = '', id = '' } = useParams();
  if (!isCallType(type) || !id) {
    return (
      <>
        <CallContext type={type} id={id} />
        <ErrorState title={text.badCallType}>
          <p>{text.badCallTypeText}</p>
        </ErrorState>
      </>
    );
  }
  return (
    <>
      <CallContext type={type} id={id} />
      <VideoClientBoundary>
        <SignedInCall type={type} id={id} />
      </VideoClientBoundary>
    </>
  );
};

export default CallPage;

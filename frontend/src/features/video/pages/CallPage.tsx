import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CallingState, useStreamVideoClient } from '@stream-io/video-react-sdk';
import { isCallType } from '@mentoring/shared/video';
import '@stream-io/video-react-sdk/dist/css/styles.css';
import '../video.css';
import { CallContext } from '../components/CallContext';
import { CallExperience } from '../components/CallExperience';
import { GuestLink } from '../components/GuestLink';
import { useLeaveOnUnmount } from '../components/useLeaveOnUnmount';
import { VideoClientBoundary } from '../components/VideoClientBoundary';
import { ErrorState } from '../../../components/StatePanel/StatePanel';
import { refreshCallLists } from '../../../lib/shared-api';
import { copy as text } from '../copy';

const SignedInCall = ({ type, id }: { type: string; id: string }) => {
  const client = useStreamVideoClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An accepted ringing call is already joined: reuse the client's instance of it.
  const call = useMemo(() => client?.state.calls.find((known) => known.cid === `${type}:${id}` && known.state.callingState === CallingState.JOINED) ?? client?.call(type, id), [client, type, id]);
  useLeaveOnUnmount(call);
  if (!call) return null;
  return (
    <CallExperience
      call={call}
      create
      joined={call.state.callingState === CallingState.JOINED}
      onDone={() => navigate('/calls')}
      doneLabel={text.postCall.back}
      aside={<GuestLink type={type} id={id} />}
      onLeft={() => void refreshCallLists(queryClient)}
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

import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useStreamVideoClient } from '@stream-io/video-react-sdk';
import { isCallType } from '@mentoring/shared/video';
import '@stream-io/video-react-sdk/dist/css/styles.css';
import '../video.css';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { ErrorState } from '@/components/StatePanel/StatePanel';
import { StreamConnectionProvider } from '@/lib/stream';
import { CallExperience } from '../components/CallExperience';
import { useLeaveOnUnmount } from '../components/useLeaveOnUnmount';
import { VideoClientBoundary } from '../components/VideoClientBoundary';
import { copy as text } from '../copy';
import styles from './GuestJoinPage.module.css';

const GUEST_ID_KEY = 'mentoring.guestId';

/** One guest id per browser tab session, so a reload rejoins as the same guest. */
const useGuestId = () =>
  useState(() => {
    const existing = sessionStorage.getItem(GUEST_ID_KEY);
    if (existing) return existing;
    const created = `guest-${crypto.randomUUID()}`;
    sessionStorage.setItem(GUEST_ID_KEY, created);
    return created;
  })[0];

const GuestCall = ({ type, id }: { type: string; id: string }) => {
  const client = useStreamVideoClient();
  const navigate = useNavigate();
  const call = useMemo(() => client?.call(type, id), [client, type, id]);
  useLeaveOnUnmount(call);
  if (!call) return null;
  return <CallExperience call={call} create={false} onDone={() => navigate('/')} doneLabel={text.postCall.backHome} />;
};

/** The invitation rides in the link's fragment (#invitation=…), which browsers never send to a server. */
const useInvitation = () => {
  const { hash } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, '')).get('invitation') ?? undefined;
};

/**
 * /join/:type/:id: a visitor joins with video only, as Guest User, through the guest token flow: the page says
 * what it is, whose call it is once Stream answers, who they join as, checks camera and microphone, then joins.
 */
export const GuestJoinPage = () => {
  const { type = '', id = '' } = useParams();
  const guestId = useGuestId();
  const invitation = useInvitation();
  return (
    <div className={styles.page}>
      <PageHeader title={text.guest.title} lead={text.guest.lead} />
      {!isCallType(type) || !id ? (
        <ErrorState title={text.badCallType}>
          <p>{text.badCallTypeText}</p>
        </ErrorState>
      ) : !invitation ? (
        <ErrorState title={text.guest.noInvitation}>
          <p>{text.guest.noInvitationText}</p>
        </ErrorState>
      ) : (
        <StreamConnectionProvider mode="guest" guestId={guestId} invitation={invitation}>
          <VideoClientBoundary>
            <GuestCall type={type} id={id} />
          </VideoClientBoundary>
        </StreamConnectionProvider>
      )}
    </div>
  );
};

export default GuestJoinPage;

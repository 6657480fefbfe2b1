import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CallingState, StreamCall, StreamTheme, type Call } from '@stream-io/video-react-sdk';
import { ActiveCall } from './ActiveCall';
import { ConnectionStatus } from './ConnectionStatus';
import { Lobby } from './Lobby';
import { PostCall } from './PostCall';
import { RoomContext, type GroupRoom } from './room/RoomContext';
import { watchExitReasons, type ExitReason } from './exitReasons';

export interface CallExperienceProps {
  call: Call;
  /** Signed-in members may create the call on join; guests only join an existing one. */
  create: boolean;
  onDone: () => void;
  doneLabel: string;
  /** Start in the call (after accepting a ring), not in the lobby. */
  joined?: boolean;
  /** Shown beside the lobby, and in the call as a panel of its own (a member's guest link); guests get none. */
  aside?: ReactNode;
  /** Once the member is out of the call, however it ended. */
  onLeft?: () => void;
  /** The group session this call is the live room of (its title, its start, who waits). */
  room?: GroupRoom | null;
}

type Stage = 'lobby' | 'call' | 'post-call';

/** One call from lobby to post-call screen, under the page's own h1. Must be rendered inside <StreamVideo>. */
export const CallExperience = ({ call, create, onDone, doneLabel, joined = false, aside, onLeft, room = null }: CallExperienceProps) => {
  const [stage, setStage] = useState<Stage>(joined ? 'call' : 'lobby');
  const reason = useRef<ExitReason | null>(null);
  const [exitReason, setExitReason] = useState<ExitReason>('left');
  const leftCallback = useRef(onLeft);
  useEffect(() => {
    leftCallback.current = onLeft;
  });

  useEffect(
    () =>
      watchExitReasons(call, (next) => {
        reason.current ??= next;
      }),
    [call],
  );

  useEffect(() => {
    if (stage !== 'call') return;
    const subscription = call.state.callingState$.subscribe((callingState) => {
      if (callingState === CallingState.LEFT) {
        setExitReason(reason.current ?? 'left');
        setStage('post-call');
        leftCallback.current?.();
      }
    });
    return () => subscription.unsubscribe();
  }, [call, stage]);

  // In the call, the call is the page: it fills the window, its controls always in view (app/styles/global.css).
  useEffect(() => {
    if (stage !== 'call') return;
    const root = document.documentElement;
    root.dataset.immersive = 'call';
    return () => {
      delete root.dataset.immersive;
    };
  }, [stage]);

  const join = async () => {
    reason.current = null;
    await call.join({ create });
    setStage('call');
  };
  const leave = () => {
    reason.current ??= 'left';
    call.leave().catch((cause: unknown) => console.warn(cause));
  };

  return (
    <RoomContext.Provider value={room}>
      <StreamCall call={call}>
        <StreamTheme className={stage === 'call' ? 'call-experience call-experience--in-call' : 'call-experience'}>
          {stage === 'lobby' && <Lobby onJoin={join} />}
          {stage === 'call' && (
            <>
              <ConnectionStatus onRejoin={() => call.join({ create })} />
              <ActiveCall onLeave={leave} invite={aside} />
            </>
          )}
          {stage === 'lobby' && aside}
          {stage === 'post-call' && <PostCall call={call} reason={exitReason} onDone={onDone} doneLabel={doneLabel} />}
        </StreamTheme>
      </StreamCall>
    </RoomContext.Provider>
  );
};

import { OwnCapability, SfuModels, type Call } from '@stream-io/video-react-sdk';
import type { copy as text } from '../copy';

export type ExitReason = keyof typeof text.exit;

/**
 * Watches why a call is being left, so the post-call screen can explain it in words. The first reason
 * seen wins; a plain leave by the user is recorded by the caller as 'left'. Where the SDK does not leave
 * by itself (removed from the members, join capability revoked), we leave.
 */
export const watchExitReasons = (call: Call, onReason: (reason: ExitReason) => void) => {
  const me = () => call.currentUserId;
  const leave = (reason: string) => {
    call.leave({ reason }).catch((cause: unknown) => console.warn(cause));
  };
  const offs = [
    call.on('call.ended', () => onReason('ended')),
    call.on('callEnded', (event) => {
      const reasons = SfuModels.CallEndedReason;
      onReason(event.reason === reasons.KICKED ? 'removed' : event.reason === reasons.LIVE_ENDED ? 'liveEnded' : 'ended');
    }),
    call.on('error', (event) => {
      if (event.error?.code === SfuModels.ErrorCode.LIVE_ENDED && !call.permissionsContext.hasPermission(OwnCapability.JOIN_BACKSTAGE)) onReason('liveEnded');
    }),
    call.on('call.blocked_user', (event) => {
      if (event.user.id === me()) onReason('blocked');
    }),
    call.on('call.member_removed', (event) => {
      if (me() && event.members.includes(me()!)) {
        onReason('removed');
        leave('removed from the call members');
      }
    }),
  ];
  let hadJoinCapability = call.permissionsContext.hasPermission(OwnCapability.JOIN_CALL);
  const subscription = call.state.ownCapabilities$.subscribe((capabilities) => {
    const hasJoin = capabilities.includes(OwnCapability.JOIN_CALL);
    if (hadJoinCapability && !hasJoin) {
      onReason('lostJoin');
      leave('join-call capability revoked');
    }
    hadJoinCapability = hasJoin;
  });
  return () => {
    offs.forEach((off) => off());
    subscription.unsubscribe();
  };
};

import type { ReactNode } from 'react';
import {
  ContextMenuButton,
  defaultMessageActionSet,
  MessageActions,
  useChannelStateContext,
  useContextMenuContext,
  useMessageContext,
  WithComponents,
  type MessageActionSetItem,
} from 'stream-chat-react';
import { useSafetySlots } from './safety-slots';

export const REPORT_MESSAGE_LABEL = 'Report';

/** "Report" in a message's menu: opens the programme's "Report a concern" dialog about that message. */
const ReportMessageItem = () => {
  const { closeMenu } = useContextMenuContext();
  const { message, isMyMessage } = useMessageContext();
  const { channel } = useChannelStateContext();
  const { report } = useSafetySlots();
  if (!report || isMyMessage() || !message.user) return null;
  const author = message.user.name ?? message.user.id;
  return (
    <ContextMenuButton
      className="str-chat__message-actions-list-item-button"
      onClick={() => {
        closeMenu();
        report({
          subject: { kind: 'message', channelCid: channel.cid, messageId: message.id, memberId: message.user!.id, ...(message.text ? { excerpt: message.text.slice(0, 2000) } : {}) },
          about: `a message from ${author}`,
          canEndMentorship: channel.type === 'messaging' && channel.data?.frozen !== true,
        });
      }}
    >
      {REPORT_MESSAGE_LABEL}
    </ContextMenuButton>
  );
};

// Stream's own flag and block would stay inside Stream, where no coordinator sees them and no rule of the
// programme follows: the programme's report (and block, on the member's profile) replace them. Muting a member
// goes too: Stream's user mute hides nothing in the conversation itself, and the member who wants quiet mutes the
// conversation (above its messages) or blocks the member.
const HIDDEN = new Set(['flag', 'blockUser', 'mute']);
const actionSet: MessageActionSetItem[] = [
  ...defaultMessageActionSet.filter((item) => !('type' in item) || !HIDDEN.has(item.type)),
  { type: 'report', placement: 'dropdown', Component: ReportMessageItem },
];

const ActionsWithReport = () => <MessageActions messageActionSet={actionSet} />;

/** Wraps a chat (Channel) so each message's menu offers "Report" through the safety slots the app fills. */
export const WithMessageReport = ({ children }: { children: ReactNode }) => <WithComponents overrides={{ MessageActions: ActionsWithReport }}>{children}</WithComponents>;

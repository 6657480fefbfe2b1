import { Button } from '@/components/Button/Button';
import type { ReportTarget } from '@/lib/safety-slots';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';
import { BlockButton } from './BlockButton';

export interface SafetyMember {
  id: string;
  displayName: string;
  /** The viewer's mentorship with them, when shown on its page: the report is about it, and may end it. */
  mentorshipId?: string | null;
  active?: boolean;
}

/** Report a concern about a member (or the mentorship with them) and block them: on their profile and the mentorship page. */
export const MemberSafetyActions = ({ member, onReport }: { member: SafetyMember; onReport: (target: ReportTarget) => void }) => (
  <div className={styles.safety}>
    <Button
      variant="secondary"
      onClick={() =>
        onReport(
          member.mentorshipId
            ? { subject: { kind: 'mentorship', mentorshipId: member.mentorshipId }, about: copy.report.mentorship(member.displayName), canEndMentorship: member.active === true }
            : { subject: { kind: 'member', memberId: member.id }, about: copy.report.member(member.displayName) },
        )
      }
    >
      {copy.report.open}
    </Button>
    <BlockButton memberId={member.id} displayName={member.displayName} />
  </div>
);

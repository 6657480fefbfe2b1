import { useMemo, useState, type ReactNode } from 'react';
import { SafetySlotsContext, type ReportTarget, type SafetySlots } from '@/lib/safety-slots';
import { MemberSafetyActions } from './components/MemberSafetyActions';
import { MyDataSection } from './components/MyDataSection';
import { SuspendButton } from './components/SuspendButton';
import { ReportDialog } from './components/ReportDialog';

/**
 * Fills the safety slots other features leave on their pages (lib/safety-slots.tsx) and holds the one
 * "Report a concern" dialog they open. The app places it around the signed-in area.
 */
export const SafeguardingProvider = ({ children, onAccountDeleted }: { children: ReactNode; onAccountDeleted: () => void }) => {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const slots = useMemo<SafetySlots>(
    () => ({
      report: setTarget,
      memberActions: (member) => <MemberSafetyActions member={member} onReport={setTarget} />,
      accountSections: <MyDataSection onDeleted={onAccountDeleted} />,
      moderation: (member) => <SuspendButton memberId={member.id} displayName={member.displayName} suspended={member.suspended} />,
    }),
    [onAccountDeleted],
  );
  return (
    <SafetySlotsContext.Provider value={slots}>
      {children}
      <ReportDialog target={target} onClose={() => setTarget(null)} />
    </SafetySlotsContext.Provider>
  );
};

import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { activeMentorshipsQuery } from '../api';
import { copy } from '../copy';
import { otherParty } from '../model';
import styles from '../mentorships.module.css';
import { Avatar } from '@/components/Avatar/Avatar';

export interface CallPartner {
  mentorshipId: string;
  userId: string;
  displayName: string;
}

/**
 * The call page's partner picker (the app puts it in the video feature's slot): the member's mentorship partners by name, to call or ring (nobody types a user id), from their active
 * mentorships.
 */
export const CallPartnersField = ({ chosen, onChange }: { chosen: readonly CallPartner[]; onChange: (partners: CallPartner[]) => void }) => {
  const active = useQuery(activeMentorshipsQuery());
  const id = useId();
  const partners: (CallPartner & { photoUrl: string | null; role: 'mentor' | 'mentee' })[] = (active.data?.mentorships ?? [])
    .filter((m) => m.state === 'ACTIVE' && m.viewerRole !== 'coordinator')
    .map((m) => {
      const other = otherParty(m);
      return { mentorshipId: m.id, userId: other.id, displayName: other.displayName, photoUrl: other.photoUrl, role: m.viewerRole === 'mentee' ? 'mentor' : 'mentee' };
    });
  const isChosen = (partner: CallPartner) => chosen.some((c) => c.mentorshipId === partner.mentorshipId);
  const toggle = (partner: CallPartner) =>
    onChange(isChosen(partner) ? chosen.filter((c) => c.mentorshipId !== partner.mentorshipId) : [...chosen, partner]);

  return (
    <fieldset className={styles.field} aria-describedby={`${id}-hint`}>
      <legend>{copy.calls.partners}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {copy.calls.partnersHint}
      </p>
      {active.isPending && <p role="status">{copy.calls.partnersLoading}</p>}
      {active.isError && <p role="alert">{errorMessage(active.error)}</p>}
      {active.isSuccess && partners.length === 0 && <p className={styles.emptyLine}>{copy.calls.noPartners}</p>}
      {partners.length > 0 && (
        <div className={styles.options}>
          {partners.map((partner) => (
            <label key={partner.mentorshipId} className={styles.option}>
              <input type="checkbox" checked={isChosen(partner)} onChange={() => toggle({ mentorshipId: partner.mentorshipId, userId: partner.userId, displayName: partner.displayName })} />
              <Avatar name={partner.displayName} photoUrl={partner.photoUrl} size="xs" />
              <span className={styles.optionText}>
                <span>{copy.calls.partnerLabel(partner.displayName, partner.role)}</span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
};

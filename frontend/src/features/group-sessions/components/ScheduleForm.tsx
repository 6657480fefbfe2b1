import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUDIENCE_LABELS, GROUP_AUDIENCES, GROUP_CAPACITY_MAX, GROUP_LENGTHS, GROUP_SESSION_KINDS, GROUP_STAGE_MAX } from '@mentoring/shared/group-sessions';
import { zonedTimeToUtc } from '@mentoring/shared/mentoring';
import { Button } from '@/components/Button/Button';
import { DialogActions } from '@/components/Form/Form';
import { Modal } from '@/components/Modal/Modal';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { useMemberZone } from '@/lib/member-zone';
import { groupSessionPath, programmeQuery, type GroupSessionInput } from '../api';
import { useSchedule, type Member } from '../hooks';
import { useAuth } from '@/lib/auth/useAuth';
import { MemberPicker } from './MemberPicker';
import { copy } from '../copy';
import styles from '../group-sessions.module.css';

/** `2026-12-01T18:30` on the member's wall clock, as an instant. */
const instantOf = (local: string, zone: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(zonedTimeToUtc(zone, year, month, day, hour * 60 + minute)).toISOString();
};

/**
 * Scheduling a workshop or open circle (coordinators and approved mentors): kind, title, description, topics from
 * the programme's list, start in the member's own zone, length, places, audience, and co-hosts and speakers found by
 * name. The server checks it all again (who may be on stage among it).
 */
export const ScheduleForm = ({ open, onClose, mentor }: { open: boolean; onClose: () => void; mentor: boolean }) => {
  const id = useId();
  const zone = useMemberZone();
  const navigate = useNavigate();
  const topics = useQuery(programmeQuery()).data?.topics ?? [];
  const schedule = useSchedule();
  const [kind, setKind] = useState<GroupSessionInput['kind']>('workshop');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [coHosts, setCoHosts] = useState<Member[]>([]);
  const [speakers, setSpeakers] = useState<Member[]>([]);
  const ownId = useAuth().user?.id;
  const onStage = [...(ownId ? [ownId] : []), ...coHosts.map((each) => each.id), ...speakers.map((each) => each.id)];
  const audiences = GROUP_AUDIENCES.filter((audience) => mentor || audience !== 'own_mentees');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const startsAt = instantOf(String(form.get('startsAt') ?? ''), zone);
    if (!startsAt) return setProblem('Choose a day and a time to start.');
    if (chosen.length === 0) return setProblem('Choose at least one topic.');
    setProblem(null);
    schedule.mutate(
      {
        kind,
        title: String(form.get('title') ?? ''),
        description: String(form.get('description') ?? ''),
        topics: chosen,
        startsAt,
        durationMinutes: Number(form.get('durationMinutes')) as GroupSessionInput['durationMinutes'],
        capacity: Number(form.get('capacity')),
        audience: String(form.get('audience')) as GroupSessionInput['audience'],
        coHostIds: coHosts.map((each) => each.id),
        speakerIds: speakers.map((each) => each.id),
      },
      {
        onSuccess: (session) => {
          toast.success(copy.form.done);
          onClose();
          void navigate(groupSessionPath(session.id));
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={copy.form.title} size="large">
      <form className={styles.form} onSubmit={submit} noValidate={false}>
        <fieldset className={styles.field}>
          <legend>{copy.form.kind}</legend>
          <div className={styles.choices}>
            {GROUP_SESSION_KINDS.map((value) => (
              <label key={value}>
                <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
                {copy.kinds[value]}
              </label>
            ))}
          </div>
          <p className={styles.meta}>{copy.kindHints[kind]}</p>
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-title`}>{copy.form.name}</label>
          <input id={`${id}-title`} name="title" className={styles.input} required minLength={3} maxLength={120} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-description`}>{copy.form.description}</label>
          <textarea id={`${id}-description`} name="description" className={styles.input} rows={4} maxLength={4000} />
        </div>
        <fieldset className={styles.field}>
          <legend>{copy.form.topics}</legend>
          <div className={styles.choices}>
            {topics.map((topic) => (
              <label key={topic}>
                <input
                  type="checkbox"
                  checked={chosen.includes(topic)}
                  disabled={!chosen.includes(topic) && chosen.length >= 5}
                  onChange={(event) => setChosen((now) => (event.target.checked ? [...now, topic] : now.filter((each) => each !== topic)))}
                />
                {topic}
              </label>
            ))}
          </div>
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-start`}>{copy.form.startsAt(zone)}</label>
          <input id={`${id}-start`} name="startsAt" type="datetime-local" step={300} className={styles.input} required />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-length`}>{copy.form.length}</label>
          <select id={`${id}-length`} name="durationMinutes" className={styles.input} defaultValue={60}>
            {GROUP_LENGTHS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {copy.form.minutes(minutes)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-capacity`}>{copy.form.capacity}</label>
          <input id={`${id}-capacity`} name="capacity" type="number" min={2} max={GROUP_CAPACITY_MAX} defaultValue={20} className={styles.input} required />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-audience`}>{copy.form.audience}</label>
          <select id={`${id}-audience`} name="audience" className={styles.input} defaultValue="all">
            {audiences.map((audience) => (
              <option key={audience} value={audience}>
                {AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
        </div>
        <MemberPicker legend={copy.form.coHosts} role={copy.form.coHost} chosen={coHosts} onChange={setCoHosts} leaveOut={onStage} max={GROUP_STAGE_MAX} />
        <MemberPicker legend={copy.form.speakers} role={copy.form.speaker} chosen={speakers} onChange={setSpeakers} leaveOut={onStage} max={GROUP_STAGE_MAX} />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {copy.form.cancel}
          </Button>
          <Button type="submit" disabled={schedule.isPending}>
            {copy.form.submit}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
};

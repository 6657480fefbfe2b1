import { useId, useState, type ReactNode } from 'react';
import type { ApiAnswer } from '@mentoring/shared/routes';
import { Button } from '@/components/Button/Button';
import { copy } from '../copy';
import styles from '../scheduling.module.css';

export type Survey = ApiAnswer<'GET /api/mentorships/{id}'>['surveysDue'][number];

/** What the app gives the prompt to ask with: the feedback dialog's `match` type, open while `open`. */
export type SurveyDialog = (props: { survey: Survey; mentorshipId: string; open: boolean; onClose: () => void }) => ReactNode;

/** The fit check (after the first session) or the closing survey, when the mentorship's detail says one is due. */
export const SurveyPrompt = ({ mentorshipId, surveysDue, dialog }: { mentorshipId: string; surveysDue: readonly Survey[]; dialog: SurveyDialog }) => {
  const id = useId();
  const [open, setOpen] = useState<Survey | null>(null);
  const survey = surveysDue[0];
  if (!survey) return null;
  const text = copy.surveys[survey];
  return (
    <section className={`${styles.panel} ${styles.survey}`} aria-labelledby={id}>
      <h2 id={id}>{text.title}</h2>
      <p>{text.text}</p>
      <div>
        <Button variant="accent" onClick={() => setOpen(survey)}>
          {text.button}
        </Button>
      </div>
      {dialog({ survey, mentorshipId, open: open === survey, onClose: () => setOpen(null) })}
    </section>
  );
};

import { useQueryClient } from '@tanstack/react-query';
import { FeedbackDialog } from '../features/feedback/FeedbackDialog';
import type { MentorshipDetail } from '../features/mentorships/model';
import { ActionItems, pairOf, SessionsPanel, SurveyPrompt, UpcomingSessions, type SurveyDialog } from '../features/scheduling';

/** The surveys are the feedback dialog's `match` type; once one is answered the mentorship's detail drops it. */
const SurveyFeedback: SurveyDialog = (props) => <SurveyFeedbackDialog {...props} />;

const SurveyFeedbackDialog = ({ survey, mentorshipId, open, onClose }: Parameters<SurveyDialog>[0]) => {
  const client = useQueryClient();
  return (
    <FeedbackDialog
      open={open}
      onClose={onClose}
      feedbackType="match"
      mentorshipId={mentorshipId}
      survey={survey}
      onSent={() => void client.invalidateQueries({ queryKey: ['GET /api/mentorships/{id}', { params: { id: mentorshipId } }] })}
    />
  );
};

const hasBeenActive = (m: MentorshipDetail) => ['ACTIVE', 'SUSPENDED', 'COMPLETED', 'ENDED'].includes(m.state);

/**
 * What the scheduling feature adds to a mentorship's page (the mentorship feature's MentorshipSectionsSlot):
 * the survey that is due, the pair's sessions (booking while active) and their action items.
 */
export const MentorshipSessions = ({ mentorship }: { mentorship: MentorshipDetail }) => {
  if (!hasBeenActive(mentorship)) return null;
  const pair = pairOf(mentorship);
  return (
    <>
      {mentorship.viewerRole !== 'coordinator' && <SurveyPrompt mentorshipId={mentorship.id} surveysDue={mentorship.surveysDue} dialog={SurveyFeedback} />}
      <SessionsPanel pair={pair} />
      <ActionItems pair={pair} />
    </>
  );
};

/** Above the member's list of mentorships (InboxTopSlot): their upcoming sessions across them. */
export const InboxUpcomingSessions = () => <UpcomingSessions />;

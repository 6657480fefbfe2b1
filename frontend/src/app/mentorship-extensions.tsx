import { useQueryClient } from '@tanstack/react-query';
import { FeedbackDialog } from '../features/feedback';
import type { MentorshipExtensions } from '../features/mentorships/extensions';
import type { MentorshipDetail } from '../features/mentorships/model';
import { ActionItems, pairOf, SessionsPanel, SurveyPrompt, UpcomingSessions, type SurveyDialog } from '../features/scheduling';

/** The surveys are the feedback dialog's `match` type; once one is answered the mentorship's detail drops it. */
const SurveyFeedback: SurveyDialog = ({ survey, mentorshipId, open, onClose }) => <SurveyFeedbackDialog survey={survey} mentorshipId={mentorshipId} open={open} onClose={onClose} />;

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

const isMember = (m: MentorshipDetail) => m.viewerRole !== 'coordinator';
const hasBeenActive = (m: MentorshipDetail) => ['ACTIVE', 'SUSPENDED', 'COMPLETED', 'ENDED'].includes(m.state);

/**
 * What the scheduling feature adds to the mentorship pages: the survey that is due, the pair's sessions
 * (booking while active) and their action items on a mentorship's page, the member's upcoming sessions
 * above their list of mentorships.
 */
export const mentorshipExtensions: MentorshipExtensions = {
  mentorshipSections: (mentorship) => {
    if (!hasBeenActive(mentorship)) return null;
    const pair = pairOf(mentorship);
    return (
      <>
        {isMember(mentorship) && <SurveyPrompt mentorshipId={mentorship.id} surveysDue={mentorship.surveysDue} dialog={SurveyFeedback} />}
        <SessionsPanel pair={pair} />
        <ActionItems pair={pair} />
      </>
    );
  },
  inboxTop: <UpcomingSessions />,
};

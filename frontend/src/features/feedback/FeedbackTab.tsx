import { useState } from 'react';
import { messages } from '@mentoring/shared/messages';
import { FeedbackDialog } from './FeedbackDialog';
import styles from './FeedbackTab.module.css';

/** The floating Feedback tab on the right edge of every page; it opens the global feedback dialog. */
export const FeedbackTab = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.tab} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {messages.feedback.tab}
      </button>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} feedbackType="global" />
    </>
  );
};

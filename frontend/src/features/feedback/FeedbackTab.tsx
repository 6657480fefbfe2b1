import { lazy, Suspense, useState } from 'react';
import { messages } from '@mentoring/shared/messages';
import styles from './FeedbackTab.module.css';

// The dialog (modal, stars, form) is fetched when first wanted, not with every page: the public pages'
// JavaScript budget is tight. Pointing at or focusing the tab starts the fetch, so a click rarely waits.
const loadDialog = () => import('./FeedbackDialog');
const FeedbackDialog = lazy(() => loadDialog().then(({ FeedbackDialog: Dialog }) => ({ default: Dialog })));

/** The floating Feedback tab on the right edge of every page; it opens the global feedback dialog. */
export const FeedbackTab = () => {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <button
        type="button"
        className={styles.tab}
        data-floating-tab
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {messages.feedback.tab}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} feedbackType="global" />
        </Suspense>
      )}
    </>
  );
};

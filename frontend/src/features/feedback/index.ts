export { FeedbackDialog, type FeedbackDialogProps } from './FeedbackDialog';
export { FeedbackTab } from './FeedbackTab';
export { submitFeedback } from './api';

/**
 * Feedback members send: the global dialog's and a mentorship's surveys (the only writer of the feedback table).
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { feedbackPut, listFeedback, saveFeedback } from './repository';

/**
 * Feedback members send.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { saveFeedback } from './repository';

// Sessions of a mentorship: booking from the pair's common free times, the session page, notes and
// action items. The app composes the panels into other features' pages (app/mentorship-sessions.tsx, through the mentorship feature's slots).
export { signedInSchedulingRoutes } from './routes';
export { SessionsPanel } from './components/SessionsPanel';
export { UpcomingSessions } from './components/UpcomingSessions';
export { ActionItems } from './components/ActionItems';
export { SurveyPrompt, type SurveyDialog, type Survey } from './components/SurveyPrompt';
export { pairOf, type Pair } from './types';

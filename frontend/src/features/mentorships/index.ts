// Mentorships. Pages load lazily through ./routes; the request button is for the mentor card and profile.
export { signedInMentorshipRoutes } from './routes';
export { RequestMentorshipButton, type RequestMentorshipButtonProps } from './components/RequestMentorshipButton';

// Group sessions: workshops and open circles (docs/domain.md, "Group sessions"): the list, a session's page, scheduling, and Home's card.
export { signedInGroupSessionRoutes } from './routes';
export { HomeGroupSessions } from './components/HomeGroupSessions';

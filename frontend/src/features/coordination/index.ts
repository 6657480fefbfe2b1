// The coordinator's dashboard, members and feedback. Pages load lazily through ./routes.
export { coordinationPages } from './routes';

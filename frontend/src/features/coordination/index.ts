// The coordinator's dashboard, members and feedback (issue 17). Pages load lazily through ./routes.
export { coordinationPages } from './routes';

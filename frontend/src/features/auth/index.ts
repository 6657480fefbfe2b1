export { accountRoutes, authRoutes } from './routes';

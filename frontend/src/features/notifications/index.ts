export { NotificationsBell } from './NotificationsBell';
export { signedInNotificationRoutes } from './routes';

// Video calls (issue 6). Pages load lazily through ./routes; the rest is for other features to mount.
export { LazyCallNotifications } from './LazyCallNotifications';

/** In-app notifications: what handlers and the code that e-mails members use. */
export { keepNotification, linkIn, listNotifications, markRead, recordNotification, unreadCount, type NotificationMessage } from './service';
export { claimEpisodeEmail, endEpisode, getEpisode, keepEpisodeNotification, startEpisode, type MessageEpisode } from './message-episodes';

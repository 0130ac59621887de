// The bell's notifications: the top bar's bell and the profile's e-mail choices use these.
export { NotificationList } from './components/notification-list.tsx';
export { NotificationPreferencesSection } from './components/notification-preferences.tsx';
export { NotificationBell } from './components/notification-bell.tsx';

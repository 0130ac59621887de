// Broadcasts in the bell: the notifications feature's bell lists them under Announcements.
export { useMyBroadcastsInStep } from './api/my-broadcasts.ts';
export { BroadcastList } from './components/broadcast-list.tsx';

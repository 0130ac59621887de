// Renewals offers the installed-base panel (an account's contracts), which the app shows on quote pages.
export { InstalledBasePanel } from './components/installed-base-panel.tsx';

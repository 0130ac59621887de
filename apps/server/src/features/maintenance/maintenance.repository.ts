// Shared with the app-settings page (issue 19), which switches maintenance too.
export { writeMaintenanceSettings } from '../../lib/setting-changes.ts';

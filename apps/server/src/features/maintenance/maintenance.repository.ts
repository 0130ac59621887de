// Shared with the app-settings page (issue 19), which switches maintenance too.
export { writeMaintenanceSettings } from '../../core/settings/setting-changes.repository.ts';

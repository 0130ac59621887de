// Maintenance offers the control that switches maintenance mode and its message.
export { MaintenanceControl } from './components/maintenance-control.tsx';

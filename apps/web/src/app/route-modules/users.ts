export { UserDetailPage } from '../../features/users/pages/user-detail-page.tsx';
export { UsersGridPage } from '../../features/users/pages/users-grid-page.tsx';

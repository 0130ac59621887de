// The public sign-in pages: one chunk, so moving between them never waits.
export { ForgotPasswordPage } from '../../features/auth/pages/forgot-password-page.tsx';
export { GoogleProfilePage } from '../../features/auth/pages/google-profile-page.tsx';
export { LoginPage } from '../../features/auth/pages/login-page.tsx';
export { NoMenusPage } from '../../features/auth/pages/no-menus-page.tsx';
export { ResetPasswordPage } from '../../features/auth/pages/reset-password-page.tsx';

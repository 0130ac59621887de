export { ConfigureCotermPage } from '../../features/renewals/pages/configure-coterm-page.tsx';
export { ConfigureRenewalPage } from '../../features/renewals/pages/configure-renewal-page.tsx';
export { RenewalsDeskPage } from '../../features/renewals/pages/renewals-desk-page.tsx';

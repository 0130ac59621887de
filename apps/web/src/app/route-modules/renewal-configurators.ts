// The renewal, true-up and co-term configurators: one chunk, apart from the renewals desk, so
// neither route downloads the other's pages.
export { ConfigureCotermPage } from '../../features/renewals/pages/configure-coterm-page.tsx';
export { ConfigureRenewalPage } from '../../features/renewals/pages/configure-renewal-page.tsx';

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NotFoundPage } from '@/components/not-found-page.tsx';

/** The router's errorElement: anything thrown while matching or rendering a route. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="full-page-center">
        <NotFoundPage />
      </div>
    );
  }
  const shown = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`)
    : isChunkLoadError(error)
      ? new Error(
          'This page could not be downloaded: Bastion CPQ may have been updated, or the ' +
            'connection dropped. Reload the page to continue.',
        )
      : error;
  console.error('Route failed', error);
  return (
    <div className="full-page-center">
      <ErrorScreen error={shown} />
    </div>
  );
}

/**
 * A lazy page's code failed to download (Chrome, Firefox and Safari word it differently): after
 * a release the old chunks are gone, and reloading fetches the new ones.
 */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script failed/i.test(error.message)
  );
}

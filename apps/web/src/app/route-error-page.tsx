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
    : error;
  console.error('Route failed', error);
  return (
    <div className="full-page-center">
      <ErrorScreen error={shown} />
    </div>
  );
}

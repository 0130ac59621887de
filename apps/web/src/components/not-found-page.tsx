import { Link } from 'react-router';

interface NotFoundPageProps {
  /** Where "home" is; the root sends signed-in users to their landing page. */
  homePath?: string;
}

export function NotFoundPage({ homePath = '/' }: NotFoundPageProps) {
  return (
    <section className="not-found text-center py-5">
      <title>Page not found · Bastion CPQ</title>
      <i className="bi bi-signpost-split not-found-icon" aria-hidden="true" />
      <h1 className="h3 mt-3">Page not found</h1>
      <p className="text-body-secondary">
        The address may be mistyped, or the page may have moved.
      </p>
      <Link to={homePath} className="btn btn-primary">
        <i className="bi bi-house me-2" aria-hidden="true" />
        Go to the home page
      </Link>
    </section>
  );
}

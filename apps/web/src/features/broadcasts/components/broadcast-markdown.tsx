import { lazy, Suspense } from 'react';
import type { Components } from 'react-markdown';

// The Markdown parser is a third of the signed-in frame's code: loaded once a broadcast shows.
const Markdown = lazy(() => import('react-markdown'));

/**
 * Links open in a new tab without handing it this page (react-markdown already drops unsafe
 * addresses such as javascript:); an image shows as its description, so a message cannot load
 * anything from elsewhere.
 */
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ alt }) => (alt ? <span className="fst-italic">[{alt}]</span> : null),
};

/**
 * A broadcast's Markdown body, rendered safely: raw HTML is never enabled (no rehype-raw), so a
 * tag written in the text shows as text.
 */
export function BroadcastMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`broadcast-markdown ${className ?? ''}`.trim()}>
      <Suspense fallback={<p className="mb-0">{text}</p>}>
        <Markdown components={COMPONENTS}>{text}</Markdown>
      </Suspense>
    </div>
  );
}

// Comments offers the button that opens a quote's comments.
export { QuoteCommentsButton } from './components/quote-comments-button.tsx';

// Attachments offers a quote's attachments card.
export { QuoteAttachments } from './components/quote-attachments.tsx';

// The summary shows the options of the quote's deal and its primary quote.
export { DealOptionsPanel } from './components/deal-options-panel.tsx';

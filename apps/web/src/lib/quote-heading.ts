/** How a quote is named and where it stands, as the screens about one quote head it. */
export interface QuoteHeading {
  id: string;
  quote_number: string;
  quote_name: string;
  quote_type: string;
  status_id: string;
  status_label: string;
  status_tone: string;
}

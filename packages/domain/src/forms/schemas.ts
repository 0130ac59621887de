import { zRequiredText } from '../validation/required-text.ts';

/** A lookup value's label, as its row in the lists admin and the server's save both check it. */
export const ZLookupValueLabel = zRequiredText(
  'Enter a label.',
  120,
  'A label has at most 120 characters.',
);

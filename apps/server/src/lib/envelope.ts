/*
 * The server's side of the answer envelope. The zod pieces (zEnvelope and the shared fragments)
 * are the domain contract's own (@bastion/domain/api/envelope), re-exported so there is one copy.
 */
export {
  zActiveOption,
  zArchivableQuoteStatusFields,
  zCountedPageFields,
  zDeletedEnvelope,
  zEditedFields,
  zEmptyBody,
  zEnvelope,
  zListEnvelope,
  zPagedSearchBody,
  zPageFields,
  zPageRequestFields,
  zPredicateExplanation,
  zQuoteHeadingFields,
  zQuoteStatusFields,
  zRowsPageEnvelope,
  zSearchText,
  zVersionedFields,
} from '@bastion/domain/api/envelope';

export function ok<T>(data: T): { code: 200; data: T } {
  return { code: 200, data };
}

/** Body of every failed answer: no `data`, so the existing client sees it as an error. */
export interface ErrorEnvelope {
  code: number;
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
  request_id: string;
}

import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZExportSkusResponse } from '@bastion/domain/catalog/admin-api';

/* What the catalogue's CSV exports answer (prices, SKUs); refusals are read by ImportOutcome. */

/** An exported file: its name, its text, and its rows under the header. */
export type CsvFile = AnswerData<typeof ZExportSkusResponse>;

import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZHierarchyResponse } from '@bastion/domain/catalog/api';

/**
 * A product line of the catalogue's hierarchy, as POST /api/dx/catalog/hierarchy lists it to
 * every catalogue reader: the catalogue grid's filter and the quote's product finder read it.
 */
export type ProductLine = AnswerData<typeof ZHierarchyResponse>['nodes'][number];

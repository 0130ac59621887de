import type { Database } from '@bastion/db/client';
import { listLookupValues } from './forms.repository.ts';
import type { LookupList } from '@bastion/domain/forms/api';
import { toLookupLists } from './lookup-list-records.ts';

/** Every lookup list with all its values, retired ones included, for the configuration admin. */
export async function listLookupLists(db: Database): Promise<LookupList[]> {
  return toLookupLists(await listLookupValues(db));
}

import type { FastifyInstance } from 'fastify';
import { IMPORT_BODY_LIMIT } from '@bastion/domain/api/csv-import-body';
import type { Database } from '@bastion/db/client';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { currentUser, requirePermission } from '../../lib/access.ts';
import {
  auditedPostRoute,
  postRoute,
  recordChangeRoute,
  type RecordChange,
} from '../../lib/post-route.ts';
import type { PriceBookEntryChange } from '@bastion/domain/price-books/answers';
import { deactivatePriceBook } from './deactivate-price-book.ts';
import { deletePriceBook } from './delete-price-book.ts';
import { exportPriceBooks } from './export-price-books.ts';
import { getPriceBook } from './get-price-book.ts';
import { importPriceBooks } from './import-price-books.ts';
import { listPriceBooks } from './list-price-books.ts';
import { priceBookMatrix } from './price-book-matrix.ts';
import {
  ZExportPriceBooksBody,
  ZGetPriceBookBody,
  ZImportPriceBooksBody,
  ZPriceBookDeletedResponse,
  ZPriceBookDetailResponse,
  ZPriceBookEntryChangeResponse,
  ZPriceBookIdBody,
  ZPriceBookListResponse,
  ZPriceBookMatrixBody,
  ZPriceBookMatrixResponse,
  ZPriceBookResponse,
  ZPriceBooksExportResponse,
  ZPriceBooksImportResponse,
  ZRemovePriceBookEntryBody,
  ZSavePriceBookBody,
  ZSetPriceBookEntryBody,
} from '@bastion/domain/price-books/api';
import { removePriceBookEntry } from './remove-price-book-entry.ts';
import { savePriceBook } from './save-price-book.ts';
import { setPriceBookEntry } from './set-price-book-entry.ts';

/*
 * Who may do what (issue 35, as the catalogue: decision 002): everyone with a catalog role reads
 * the price books, their entries and the matrix, and exports them; catalogue admins change them.
 * Root admins may do all.
 */
export const canReadPriceBooks = (f: PermissionFlags) => f.has_catalog_role || f.is_root_admin;
export const canAdministerPriceBooks = (f: PermissionFlags) =>
  f.is_catalog_admin || f.is_root_admin;

const reads = requirePermission('read the price books', canReadPriceBooks);
const administers = requirePermission('administer the price books', canAdministerPriceBooks);

const ENTITY = 'price_book';

/** An entry's change as its route answers and audits it: on the book, what the price was. */
const entryChanged = (
  change: PriceBookEntryChange,
  action: string,
  more: Record<string, unknown> = {},
): RecordChange<PriceBookEntryChange> => ({
  data: change,
  action,
  entityId: change.price_book_id,
  details: {
    name: change.price_book_name,
    sku: change.sku,
    currency_code: change.currency_code,
    from_minor: change.previous_price_minor,
    ...more,
  },
});

/** Price books (issue 35, docs/pricing.md "Price books"): lists by segment, region, channel. */
export function registerPriceBookRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = '/api/admin/catalog/price-books';

  /* Reading. */

  postRoute(app, {
    path: `${base}/list`,
    access: reads,
    response: ZPriceBookListResponse,
    handler: () => listPriceBooks(db),
  });

  postRoute(app, {
    path: `${base}/get`,
    access: reads,
    body: ZGetPriceBookBody,
    response: ZPriceBookDetailResponse,
    handler: (request) => getPriceBook(db, request.body),
  });

  postRoute(app, {
    path: `${base}/matrix`,
    access: reads,
    body: ZPriceBookMatrixBody,
    response: ZPriceBookMatrixResponse,
    handler: (request) => priceBookMatrix(db, request.body),
  });

  postRoute(app, {
    path: `${base}/export`,
    access: reads,
    body: ZExportPriceBooksBody,
    response: ZPriceBooksExportResponse,
    handler: (request) => exportPriceBooks(db, request.body.id),
  });

  /* The books. */

  recordChangeRoute(app, db, {
    path: `${base}/save`,
    access: administers,
    entityType: ENTITY,
    body: ZSavePriceBookBody,
    response: ZPriceBookResponse,
    handler: async (request) => {
      const { book, isCreated, changed } = await savePriceBook(
        db,
        currentUser(request).userId,
        request.body,
      );
      return {
        data: book,
        action: isCreated ? 'catalog.price_book.created' : 'catalog.price_book.updated',
        entityId: book.id,
        details: isCreated
          ? {
              name: book.name,
              segment: book.segment,
              region: book.region,
              sales_channel: book.sales_channel,
              partner_type: book.partner_type,
              priority: book.priority,
              effective_from: book.effective_from,
              effective_to: book.effective_to,
              is_active: book.is_active,
            }
          : { name: book.name, changed },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: `${base}/deactivate`,
    access: administers,
    body: ZPriceBookIdBody,
    response: ZPriceBookResponse,
    handler: async (request) => {
      const { book, wasActive } = await deactivatePriceBook(db, request.body.id);
      return {
        data: book,
        // A book already off changed nothing: nothing to record.
        audit: wasActive
          ? {
              action: 'catalog.price_book.deactivated',
              entityType: ENTITY,
              entityId: book.id,
              details: { name: book.name, quote_count: book.quote_count },
            }
          : null,
      };
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/delete`,
    access: administers,
    entityType: ENTITY,
    body: ZPriceBookIdBody,
    response: ZPriceBookDeletedResponse,
    handler: async (request) => {
      const deleted = await deletePriceBook(db, request.body.id);
      return {
        data: { id: deleted.id, name: deleted.name, is_deleted: true as const },
        action: 'catalog.price_book.deleted',
        entityId: deleted.id,
        details: { name: deleted.name, entry_count: deleted.entryCount },
      };
    },
  });

  /* Entries: a book's price of a SKU in a currency. */

  recordChangeRoute(app, db, {
    path: `${base}/entries/set`,
    access: administers,
    entityType: ENTITY,
    body: ZSetPriceBookEntryBody,
    response: ZPriceBookEntryChangeResponse,
    handler: async (request) => {
      const change = await setPriceBookEntry(db, request.body);
      return entryChanged(change, 'catalog.price_book.entry_set', {
        to_minor: change.unit_price_minor,
      });
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/entries/remove`,
    access: administers,
    entityType: ENTITY,
    body: ZRemovePriceBookEntryBody,
    response: ZPriceBookEntryChangeResponse,
    handler: async (request) =>
      entryChanged(
        await removePriceBookEntry(db, request.body),
        'catalog.price_book.entry_removed',
      ),
  });

  /* Entries as CSV (the export is above, with the reading). */

  auditedPostRoute(app, db, {
    path: `${base}/import`,
    access: administers,
    bodyLimit: IMPORT_BODY_LIMIT,
    body: ZImportPriceBooksBody,
    response: ZPriceBooksImportResponse,
    handler: async (request) => {
      const result = await importPriceBooks(db, request.body.csv);
      return {
        data: result,
        // A file that changed nothing leaves nothing to record.
        audit:
          result.created + result.updated === 0
            ? null
            : {
                action: 'catalog.price_book.entries_imported',
                entityType: ENTITY,
                details: result,
              },
      };
    },
  });
}

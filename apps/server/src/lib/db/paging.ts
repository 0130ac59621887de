/** A paged list request: pages count from 1 (see zPageRequestFields). */
export interface PageRequest {
  page: number;
  page_size: number;
}

/** What a query reads of a paged list: how many rows to pass over, and how many to return. */
export interface Page {
  offset: number;
  limit: number;
}

/** The rows a page asks for, as a query's offset and limit (readPage in lib/db/queries.ts reads them). */
export function pageWindow(request: PageRequest): Page {
  return { offset: (request.page - 1) * request.page_size, limit: request.page_size };
}

/** Which page an answer is, as the client asked for it. */
export function pageOf(request: PageRequest): PageRequest {
  return { page: request.page, page_size: request.page_size };
}

import type { SelectQueryBuilder } from 'kysely';

/** Rows read per query: a page of the keyset walk (docs/domain.md, "Exports"). */
export const EXPORT_PAGE = 1000;

/**
 * Walks a query newest first by id in pages of EXPORT_PAGE (keyset: `id < last id seen`), so an
 * export of a million rows holds one page at a time and no OFFSET scan grows with the file.
 */
export async function* keyset<DB, TB extends keyof DB, O extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<O> {
  let last: number | undefined;
  for (;;) {
    // biome-ignore lint/suspicious/noExplicitAny: the id column is named per query
    const q = query as SelectQueryBuilder<any, any, O>;
    const page = await (last === undefined ? q : q.where(idColumn, '<', last))
      .orderBy(idColumn, 'desc')
      .limit(pageSize)
      .execute();
    for (const row of page) yield row;
    if (page.length < pageSize) return;
    last = page[page.length - 1].id;
  }
}

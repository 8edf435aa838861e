/**
 * The page after `last` for an infinite list, or undefined once every row is loaded (DESIGN §2: paged
 * lists answer `page`, `page_size` and `total`).
 */
export function nextPageOf(last: { page: number; page_size: number; total: number }): number | undefined {
  return last.page * last.page_size >= last.total ? undefined : last.page + 1;
}

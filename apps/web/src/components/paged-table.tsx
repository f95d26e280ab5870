import type { ReactNode } from 'react';
import type { Paged } from '../api/use-paged.js';
import { ListFoot } from './load-more.js';

type Props<T> = {
  /** Names the table for screen readers, e.g. "Bookings". */
  label: string;
  list: Paged<T>;
  /** Plural noun for "Loading …" and "Load more …". */
  what: string;
  /** Column headings; an empty string is an actions column, named for screen readers only. */
  columns: string[];
  /** Shown instead of the table once the list loaded empty: what to do next. */
  empty: ReactNode;
  row: (item: T) => ReactNode;
};

/**
 * Every list page's card: the table (stacked rows on narrow screens, labelled by each
 * cell's data-label), its empty state, and the paging foot.
 */
export function PagedTable<T>({ label, list, what, columns, empty, row }: Props<T>) {
  const loadedEmpty = !list.loading && list.error === undefined && list.items.length === 0;
  return (
    <section className="card table-card" aria-label={label}>
      {loadedEmpty ? (
        empty
      ) : (
        <table className="responsive">
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col">
                  {column || <span className="visually-hidden">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{list.items.map(row)}</tbody>
        </table>
      )}
      <ListFoot list={list} what={what} />
    </section>
  );
}

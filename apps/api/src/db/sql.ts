/**
 * One parameterized statement straight on the driver (pg or PGlite), answering its rows.
 * The store's `sql`, a transaction's `query` and a migration session's `query` are all this.
 */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** A connection held for a span of work: a transaction, or the migration runner's session. */
export interface SqlSession {
  query: Sql;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

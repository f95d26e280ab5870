/**
 * One parameterized statement straight on the driver (pg or PGlite), answering its rows.
 * The store's `sql`, a transaction's `query` and a migration session's `query` are all this.
 * `name`, when given, makes it a named prepared statement on the pg driver: parsed and
 * planned once per connection instead of on every call (worth it for a large statement).
 * One name must always go with one text. PGlite, in process, ignores it.
 */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[], name?: string) => Promise<T[]>;

/** A connection held for a span of work: a transaction, or the migration runner's session. */
export interface SqlSession {
  query: Sql;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

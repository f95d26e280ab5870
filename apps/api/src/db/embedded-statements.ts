// Named statements on the embedded store. PGlite's query() sends its text as an unnamed
// statement, so PostgreSQL parses and plans it at every run; for the service's hot reads that
// was more than running them (the events feed's page: 0.63 ms planned and run, 0.26 ms run
// from a kept plan, on 50,000 bookings). A text the store runs often is PREPAREd once in
// PGlite's one session and run as `EXECUTE name('value', …)`: its values written as quoted
// literals, each taking its parameter's type, as a bound parameter does.
import type { PGlite, Results } from '@electric-sql/pglite';

/** PGlite's query, as the store calls it. */
type Query = (text: string, params?: unknown[]) => Promise<Results<unknown>>;

/** The SQLSTATE after which a prepared statement is let go and the text run as it is. */
const PLAN_CHANGED_RESULT = '0A000';

/** The most texts kept prepared: the code's statements are a few dozen; past it, texts run unnamed. */
const CAP = 500;

/**
 * Statements run before every statement is prepared again, then twice as many each time, up
 * to REPLAN_MAX. A plan keeps the table sizes it was made with, and PGlite runs no
 * autovacuum, whose ANALYZE would make the server plan again: a statement prepared while a
 * table held a page or so (read whole, the cheapest way then) would otherwise go on reading it
 * whole once it holds thousands of rows.
 */
const REPLAN_FIRST = 1_000;
const REPLAN_MAX = 100_000;

/**
 * A value as an SQL literal that takes its parameter's type, or undefined when it is not one
 * this writes (anything but text, numbers and booleans: the statement then runs unnamed). A
 * text is quoted with its quotes doubled (standard_conforming_strings is on: a backslash is
 * itself); one holding a NUL, which would end the statement's text, is left to the parameter.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  return undefined;
}

export class EmbeddedStatements {
  /** Text → its statement's name, or null: it cannot be prepared (not a plannable statement, a parameter of no inferable type). */
  private readonly names = new Map<string, string | null>();
  /** Name → text, for the write counters (db/write-counters.ts), which classify a statement by its text. */
  readonly texts = new Map<string, string>();
  private prepared = 0;
  private runs = 0;
  /** Names of the last round of statements, deallocated at the next (long after any run of them has ended). */
  private retired: string[] = [];

  /**
   * @param raw PGlite's own query, outside any transaction and not counted: it PREPAREs.
   * @param replanAt statements run before the first round of statements is prepared again.
   */
  constructor(
    private readonly raw: PGlite['query'],
    private replanAt = REPLAN_FIRST,
  ) {}

  /**
   * Runs `text` with `params` through `run` (the session's query or a transaction's): as an
   * EXECUTE of its prepared statement when it has one, preparing it first when `mayPrepare`
   * (outside a transaction: PGlite's own query would wait for the transaction to end).
   */
  async query(run: Query, text: string, params: unknown[] = [], mayPrepare = true): Promise<Results<unknown>> {
    if (++this.runs >= this.replanAt && mayPrepare) await this.replan();
    const values = params.map(sqlLiteral);
    if (values.some((v) => v === undefined)) return run(text, params);
    let name = this.names.get(text);
    if (name === undefined && mayPrepare && this.names.size < CAP) name = await this.prepare(text, params.length);
    if (!name) return run(text, params);
    try {
      return await run(`EXECUTE ${name}${values.length ? `(${values.join(', ')})` : ''}`);
    } catch (error) {
      // A migration changed what the statement returns: prepared again at its next run
      // outside a transaction. In one, the error has ended the transaction.
      if ((error as { code?: string }).code !== PLAN_CHANGED_RESULT) throw error;
      this.names.delete(text);
      this.texts.delete(name);
      if (!mayPrepare) throw error;
      await this.raw(`DEALLOCATE ${name}`).catch(() => {});
      return run(text, params);
    }
  }

  /** Lets every statement be prepared again at its next run, with the tables' sizes of now. */
  private async replan(): Promise<void> {
    const gone = this.retired;
    this.retired = [...this.texts.keys()];
    this.names.clear();
    for (const name of gone) {
      this.texts.delete(name);
      await this.raw(`DEALLOCATE ${name}`).catch(() => {});
    }
    this.runs = 0;
    this.replanAt = Math.min(this.replanAt * 2, REPLAN_MAX);
  }

  /** Prepares `text` under a new name; null when it cannot be, or takes another number of parameters. */
  private async prepare(text: string, count: number): Promise<string | null> {
    const name = `ht${++this.prepared}`;
    try {
      await this.raw(`PREPARE ${name} AS ${text}`);
    } catch {
      this.names.set(text, null);
      return null;
    }
    const [kept] = (
      await this.raw<{ n: number }>('SELECT cardinality(parameter_types) AS n FROM pg_prepared_statements WHERE name = $1', [name])
    ).rows;
    if (kept?.n !== count) {
      await this.raw(`DEALLOCATE ${name}`);
      this.names.set(text, null);
      return null;
    }
    this.names.set(text, name);
    this.texts.set(name, text);
    return name;
  }
}

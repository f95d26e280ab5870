// How the hand-written statements of db/tables/ (and booking-statement.ts, which is built
// from their fragments) write their parameters. Every statement built in a function numbers
// them with Params: each value is written where it is used (`${p.ref(id, 'uuid')}`, a value used
// twice is referred to once and its placeholder reused), so no list of values has to be kept in
// step with hand-written $1, $2 … by position, and a fragment (one table's INSERT, a CTE)
// numbers itself wherever a larger statement embeds it.
// The one exception is the key statements (tables/api-key-lookup.ts, tables/api-key-batch.ts):
// they run at the start of every /v1 request, so each is a module constant, built once at load
// and numbered by hand. The fragments they share with the
// rest (bucketLevel, schedules, snapshotJson) therefore take SQL expressions, a placeholder or
// a column, rather than values; called from a function, they are given p.ref's placeholders.
// Prisma's tagged templates ($queryRaw) are safe too, but run only on Prisma's connections:
// services and jobs use them for their cold paths, and db/tables/ does not.

/**
 * A statement's parameters, collected while its text is built: `p.ref(value, 'uuid')` appends
 * the value and answers its placeholder (`$3::uuid`). A table's row shape is then written
 * once, as a fragment, and serves both that table's own statement and a CTE of a larger one
 * (the atomic booking statement), numbered wherever it lands.
 *
 * The text depends only on the order of the calls, never on the values, so a statement built
 * by the same code is the same text every time, as a named prepared statement requires.
 */
export class Params {
  readonly values: unknown[] = [];

  ref(value: unknown, type?: string): string {
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  }
}

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

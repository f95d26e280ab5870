import fc from 'fast-check';

/**
 * A value nested `depth` levels deep. Kept symbolic until the body is written, because
 * JSON.stringify itself overflows the stack at a few thousand levels, and the point is to
 * send the server nesting deeper than that.
 */
export class Deep {
  constructor(
    readonly depth: number,
    readonly leaf: unknown,
    readonly asObject: boolean,
  ) {}

  toText(): string {
    const leaf = JSON.stringify(this.leaf) ?? 'null';
    return this.asObject
      ? '{"a":'.repeat(this.depth) + leaf + '}'.repeat(this.depth)
      : '['.repeat(this.depth) + leaf + ']'.repeat(this.depth);
  }

  /** What the fuzzer prints for a failing case: the shape, not megabytes of brackets. */
  [fc.toStringMethod](): string {
    return this.toJSON();
  }

  toJSON(): string {
    return `<${this.asObject ? 'object' : 'array'} nested ${this.depth} deep around ${JSON.stringify(this.leaf)}>`;
  }
}

/** JSON text of a value that may hold Deep markers anywhere. */
export function serializeBody(value: unknown): string {
  const deep: Deep[] = [];
  // The holder's own property, not `v`: JSON.stringify applies toJSON before the replacer.
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    const original = this[key];
    if (original instanceof Deep) {
      const d = original;
      deep.push(d);
      return `\u0001deep${deep.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return '';
  return text.replace(/"\\u0001deep(\d+)\\u0001"/g, (_m, i: string) => deep[Number(i)]!.toText());
}

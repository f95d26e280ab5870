/**
 * At most `capacity` holders at once; the rest wait their turn, first come first served. A
 * holder's `leave` hands its place straight to the next waiter. Used where each request holds
 * a large, short-lived object (an MCP server with all its tools), so that a burst of requests
 * waits instead of filling the heap.
 */
export class Gate {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`Gate capacity must be a positive integer, got ${capacity}`);
  }

  /** Holders now. */
  get active(): number {
    return this.#active;
  }

  /** Waiting now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves once a place is held; call the returned function once to give it up. */
  async enter(): Promise<() => void> {
    if (this.#active < this.capacity) this.#active++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    };
  }
}

import type { TimedSnapshot } from './load-schedule.js';

/** Snapshots kept per process; a week view is a few kilobytes, so this is a few MiB at most. */
const DEFAULT_CAPACITY = 2_000;

/**
 * Schedule snapshots this process has read, by human and local date range, each with the
 * version it was read at. A snapshot is only ever used after its version was checked against
 * the database (on PostgreSQL, `humans.schedule_version` in the very statement that resolves
 * the API key; on the embedded store, the store's own write counter): a stale entry is never
 * served, it is replaced. The one exception is a booking's judge (`latest`): it may judge on
 * an entry whose busy time is old, because the atomic booking statement then checks the
 * entry's `rules_version` and the database enforces busy time itself. Least recently used
 * entries are dropped past `capacity`.
 */
export class ScheduleCache {
  private readonly entries = new Map<string, TimedSnapshot>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  static key(humanId: string, dateFrom: string, dateTo: string): string {
    return `${humanId}|${dateFrom}|${dateTo}`;
  }

  /** The cached snapshot, whatever its version (the caller checks it). */
  peek(key: string): TimedSnapshot | undefined {
    return this.entries.get(key);
  }

  /** The cached snapshot if it was read at `version`; a hit becomes the most recent entry. */
  get(key: string, version: string): TimedSnapshot | undefined {
    const entry = this.entries.get(key);
    return entry && entry.version === version ? this.used(key, entry) : undefined;
  }

  /**
   * The cached snapshot whatever its schedule version, as the most recent entry: for the
   * booking path, whose atomic statement checks the snapshot's rules_version instead.
   */
  latest(key: string): TimedSnapshot | undefined {
    const entry = this.entries.get(key);
    return entry && this.used(key, entry);
  }

  private used(key: string, entry: TimedSnapshot): TimedSnapshot {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, snapshot: TimedSnapshot): void {
    this.entries.delete(key);
    this.entries.set(key, snapshot);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

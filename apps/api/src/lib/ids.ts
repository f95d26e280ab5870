import { v7 } from 'uuid';

/**
 * A new row's id: a UUID of version 7 (RFC 9562), whose first 48 bits are the time it was made
 * in milliseconds and whose other 74 are random (with a counter keeping ids of one process in
 * order within a millisecond). The database's own default, `uuid_v7()` (migration
 * 20261130000000_time_ordered_ids), makes the same shape. Ids in time order put a new row's
 * entry at the right end of every index on its id, next to the last one, instead of on a
 * random page of an index that grows by a million entries a year (docs/decisions/0052).
 */
export const newId = (): string => v7();

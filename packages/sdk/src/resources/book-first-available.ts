import { NoSlotAvailableError } from '../errors/humantime-error.js';
import { isHumantimeError } from '../errors/is-humantime-error.js';
import type { RequestOptions } from '../options.js';
import type {
  CreateBookingParams,
  CreatedBooking,
  GroupSlotsParams,
  GroupSlotsResponse,
  GroupMode,
  InterpretedAs,
  Slot,
  SlotsParams,
  SlotsResponse,
} from '../types.js';

/**
 * Arguments of `bookings.bookFirstAvailable`: the booking's fields without `starts_at`
 * (one `human_id`, or `human_ids` with `mode`), the local date range to search (local to
 * the first human), and how many bookings to attempt at most.
 *
 * @example
 * const params: BookFirstAvailableParams = {
 *   human_id, date_from: '2026-12-01', date_to: '2026-12-05', duration: 30,
 *   attendee_name: 'Agent Smith', attendee_email: 'smith@example.com', maxAttempts: 3,
 * };
 */
export interface BookFirstAvailableParams extends Omit<CreateBookingParams, 'starts_at' | 'human_id' | 'human_ids' | 'mode'> {
  /** The human to book; or `human_ids` with `mode`. */
  human_id?: string;
  /** Several humans (1-20), instead of `human_id`. */
  human_ids?: string[];
  /** With `human_ids`: 'all' (everyone at once) or 'any' (one free human of them). */
  mode?: GroupMode;
  /** First local date (YYYY-MM-DD, the human's timezone) to search, inclusive; or give `when`. */
  date_from?: SlotsParams['date_from'];
  /** Last local date to search, inclusive; at most 62 dates in all. */
  date_to?: SlotsParams['date_to'];
  /**
   * Instead of `date_from`/`date_to`: the window in plain English ("tomorrow afternoon", "next
   * Tuesday between 2 and 4pm"), read in the (first) human's zone; only starts inside it are tried.
   */
  when?: SlotsParams['when'];
  /** Booking attempts (POSTs) before giving up; each lost race costs one. Default 5. */
  maxAttempts?: number;
  /**
   * Only listed slots for which this returns true are tried (e.g. afternoons only);
   * default every slot.
   */
  accept?: (slot: Slot) => boolean;
  /** Called with how the API read `when` (its interpreted_as), each time the slots are listed: say it to the person. */
  onRead?: (interpretedAs: InterpretedAs) => void;
}

export interface BookFirstAvailableDeps {
  slots(humanId: string, params: SlotsParams, options?: RequestOptions): Promise<SlotsResponse>;
  groupSlots(params: GroupSlotsParams, options?: RequestOptions): Promise<GroupSlotsResponse>;
  create(params: CreateBookingParams, options?: RequestOptions): Promise<CreatedBooking>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * The advice for a 409 (re-query the slots, book another) as a loop: list the slots, book the first one not yet tried; on 409
 * SLOT_UNAVAILABLE (someone else won the race) list again and try the next. Any other
 * error is thrown as is. Each attempt is its own booking call with its own Idempotency-Key,
 * so the SDK's retries inside one attempt can never book twice either.
 */
export async function bookFirstAvailable(
  deps: BookFirstAvailableDeps,
  params: BookFirstAvailableParams,
  options?: RequestOptions,
): Promise<CreatedBooking> {
  const {
    date_from,
    date_to,
    when,
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    accept = () => true,
    onRead,
    human_id,
    human_ids,
    mode,
    ...booking
  } = params;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new TypeError(`maxAttempts must be a positive integer, got ${String(maxAttempts)}`);
  }
  if ((human_id === undefined) === (human_ids === undefined) || (human_ids !== undefined && mode === undefined)) {
    throw new TypeError('bookFirstAvailable takes either human_id, or human_ids with mode');
  }
  const who = human_ids ? { human_ids, mode } : { human_id };
  const window = when === undefined ? `from ${date_from} to ${date_to}` : `in "${when}"`;
  const range = `${human_ids ? `humans ${human_ids.join(', ')} (${mode})` : human_id} ${window} (${booking.duration} min)`;
  const tried: string[] = [];
  const list = async (): Promise<Slot[]> => {
    // All three as given: with `when` and dates both, the API answers 422 naming `when`.
    const query = { date_from, date_to, when, duration: booking.duration };
    const listed = human_ids
      ? await deps.groupSlots({ ...query, human_ids, mode: mode! }, options)
      : await deps.slots(human_id!, query, options);
    if (listed.interpreted_as) onRead?.(listed.interpreted_as);
    return listed.slots;
  };

  for (;;) {
    const slots = await list();
    // A slot we lost is skipped even if it is listed again (its winner may have cancelled),
    // so every attempt makes progress and the loop is bounded by the slots in the range.
    const slot = slots.find((candidate) => accept(candidate) && !tried.includes(candidate.starts_at));
    if (!slot) {
      throw new NoSlotAvailableError({
        reason: 'no_slots_listed',
        tried,
        message:
          tried.length === 0
            ? `No open slot for human ${range}.`
            : `No open slot left for human ${range}; the ${tried.length} tried were taken by others: ${tried.join(', ')}.`,
      });
    }
    tried.push(slot.starts_at);
    try {
      return await deps.create({ ...booking, ...who, starts_at: slot.starts_at }, options);
    } catch (err) {
      if (!isHumantimeError(err, 'SLOT_UNAVAILABLE')) throw err;
      if (tried.length >= maxAttempts) {
        throw new NoSlotAvailableError({
          reason: 'attempts_exhausted',
          tried,
          cause: err,
          message:
            `Gave up booking human ${range} after ${tried.length} attempts (maxAttempts); ` +
            `each slot was taken just before us: ${tried.join(', ')}.`,
        });
      }
    }
  }
}

import { describe, expectTypeOf, it } from 'vitest';
import type { CheckParams, GroupSlotsParams, ListEventsParams, ListParams, SlotsParams, SuggestionsParams } from './index.js';

// Query parameters are typed as a caller writes them: numbers are numbers, required ones are
// required. (The contract reads them from the query string's text; its types must not leak
// that as `unknown`, which let `duration: 'sixty'` or no duration at all compile.)
describe('query parameter types', () => {
  it('require a numeric duration where the endpoint needs one', () => {
    expectTypeOf<SlotsParams['duration']>().toEqualTypeOf<number>();
    expectTypeOf<CheckParams['duration']>().toEqualTypeOf<number>();
    expectTypeOf<GroupSlotsParams['duration']>().toEqualTypeOf<number>();
    expectTypeOf<SuggestionsParams['duration']>().toEqualTypeOf<number>();
    // @ts-expect-error duration is required
    const missing: SlotsParams = { date_from: '2030-01-07', date_to: '2030-01-07' };
    // @ts-expect-error duration is a number of minutes
    const words: CheckParams = { starts_at: '2030-01-07T10:00:00Z', duration: 'sixty' };
    void [missing, words];
  });

  it('type every list limit as an optional number', () => {
    expectTypeOf<ListParams['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ListEventsParams['limit']>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error limit is a number
    const lots: ListParams = { limit: 'lots' };
    void lots;
  });
});

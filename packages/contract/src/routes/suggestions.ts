import { initContract } from '@ts-rest/core';
import { SuggestionsQuerySchema, SuggestionsResponseSchema } from '../schemas/suggestion.js';

const c = initContract();

export const suggestions = c.router({
  list: {
    method: 'GET',
    path: '/suggestions',
    query: SuggestionsQuerySchema,
    responses: { 200: SuggestionsResponseSchema },
    summary: 'Ranked suggestions among the open slots',
    description:
      'The listed starts of one or more humans (as GET /v1/slots lists them, mode all or any), ranked by a ' +
      "deterministic score in [0, 1] with the reasons it weighed: inside the attendee's working day (09:00-17:00 in " +
      "attendee_timezone, weight 3, when given), inside the humans' preferred_hours (weight 3, when any has them), " +
      'at least 15 free minutes before and after (room_around, weight 2), sooner in the window (soon, weight 1). ' +
      'At most 3 suggestions a local day of the first human (spread); ties go to the sooner start. Every ' +
      'suggestion books. The window is date_from..date_to (local to the first human) or `when` (read in ' +
      "attendee_timezone, else the first human's zone, and echoed as interpreted_as). Errors: 404 NOT_FOUND " +
      '(any human unknown, deleted or of another organization), 422 INVALID_DURATION (naming the human), 422 ' +
      'VALIDATION_ERROR (naming the field: an unknown zone, an unreadable `when`, `when` with dates, a range over 62 days).',
  },
});

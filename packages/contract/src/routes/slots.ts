import { initContract } from '@ts-rest/core';
import { GroupSlotsQuerySchema, GroupSlotsResponseSchema } from '../schemas/slot.js';

const c = initContract();

export const slots = c.router({
  forHumans: {
    method: 'GET',
    path: '/slots',
    query: GroupSlotsQuerySchema,
    responses: { 200: GroupSlotsResponseSchema },
    summary: 'Open slots of several humans',
    description:
      'The starts of up to 20 humans at once, with date_from and date_to read in the first ' +
      "human's timezone. mode=all: the starts every listed human would list (a meeting with " +
      'all of them); mode=any: the starts at least one would list, each naming in human_ids ' +
      'the humans free then (round robin). In place of the dates, `when` takes a window in plain ' +
      "English, read in the first human's timezone and echoed as interpreted_as. Every human " +
      'must offer the duration. Errors: 404 ' +
      'NOT_FOUND (any human unknown, deleted or of another organization), 422 ' +
      'INVALID_DURATION (naming the human), 422 VALIDATION_ERROR.',
  },
});

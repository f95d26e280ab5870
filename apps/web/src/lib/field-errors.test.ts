import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.js';
import { fieldProblems, placeErrors, saidOf, sentence } from './field-errors.js';

const refusal = (message: string) => new ApiError('VALIDATION_ERROR', message, 422);

describe("a VALIDATION_ERROR's fields", () => {
  const error = refusal(
    'Invalid request: work_end: must be later than work_start (overnight shifts are not supported); meeting_durations.1: must be at least 5 minutes; colour: unknown field; and 2 more',
  );

  it('reads each named field and its message', () => {
    expect(fieldProblems(error)).toEqual([
      { path: 'work_end', message: 'must be later than work_start (overnight shifts are not supported)' },
      { path: 'meeting_durations.1', message: 'must be at least 5 minutes' },
      { path: 'colour', message: 'unknown field' },
    ]);
    expect(fieldProblems(new ApiError('NOT_FOUND', 'Human not found.', 404))).toEqual([]);
  });

  it('places them at the form’s fields and keeps the rest as one notice', () => {
    const placed = placeErrors(error, (path) =>
      path === 'work_end' ? 'end' : path.startsWith('meeting_durations') ? 'lengths' : undefined,
    );
    expect([...placed.fields]).toEqual([
      ['end', 'Must be later than work_start (overnight shifts are not supported)'],
      ['lengths', 'Must be at least 5 minutes.'],
    ]);
    expect((placed.general as ApiError).message).toBe('Invalid request: colour: unknown field; and 2 more');
    const other = new ApiError('NETWORK', 'The server could not be reached.', 0);
    expect(placeErrors(other, () => 'x')).toEqual({ fields: new Map(), general: other });
    expect(placeErrors(undefined, () => 'x').general).toBeUndefined();
  });

  it('words a message as a sentence, with field names as the labels say them', () => {
    expect(sentence('must be later than start_time', { start_time: 'the start time' })).toBe('Must be later than the start time.');
    expect(sentence('must not be before start_date', { start: 'x' })).toBe('Must not be before start_date.');
    expect(saidOf('End', 'must be later than work_start (overnight)', { work_start: 'the start' })).toBe(
      'End must be later than the start (overnight)',
    );
    // The validation library's phrasings, as people say them.
    expect(saidOf('Buffer before', 'Expected number, received string')).toBe('Buffer before must be a number.');
    expect(sentence("Invalid enum value. Expected 'owner' | 'member', received 'admin'")).toBe('Must be owner or member.');
    expect(saidOf('Note', 'Required field missing')).toBe('Note: Required field missing.');
  });
});

import { describe, expect, it } from 'vitest';
import { anyErrorEnvelope, DASHBOARD_ERROR_CODES } from './dashboard/errors.js';
import { ERROR_CODES, errorEnvelope } from './errors.js';
import { parseErrorEnvelope } from './parse-error-envelope.js';

describe('parseErrorEnvelope', () => {
  it('reads back every envelope the server builds, public and dashboard codes alike', () => {
    for (const code of ERROR_CODES) {
      expect(parseErrorEnvelope(errorEnvelope(code, `message for ${code}`)), code).toEqual(errorEnvelope(code, `message for ${code}`));
    }
    for (const code of DASHBOARD_ERROR_CODES) {
      expect(parseErrorEnvelope(anyErrorEnvelope(code, 'x')), code).toEqual(anyErrorEnvelope(code, 'x'));
    }
  });

  it('keeps a code it does not know: a client may be older than the server', () => {
    expect(parseErrorEnvelope({ error: { code: 'QUOTA_FROZEN', message: 'frozen', status: 403 } })).toEqual({
      error: { code: 'QUOTA_FROZEN', message: 'frozen', status: 403 },
    });
  });

  it('ignores fields beside the known ones, in the envelope and around it', () => {
    const body = {
      error: { code: 'VALIDATION_ERROR', message: 'name: required', status: 422, fields: [{ path: 'name' }] },
      request_id: 'req_1',
    };
    expect(parseErrorEnvelope(body)).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'name: required', status: 422 } });
  });

  it('leaves out a message or status of the wrong type instead of refusing the envelope', () => {
    expect(parseErrorEnvelope({ error: { code: 'NOT_FOUND' } })).toEqual({ error: { code: 'NOT_FOUND' } });
    expect(parseErrorEnvelope({ error: { code: 'NOT_FOUND', message: 42, status: '404' } })).toEqual({ error: { code: 'NOT_FOUND' } });
    expect(parseErrorEnvelope({ error: { code: 'NOT_FOUND', message: '', status: 404.5 } })).toEqual({
      error: { code: 'NOT_FOUND', message: '' },
    });
  });

  it('answers undefined for anything that is not the envelope', () => {
    for (const body of [
      undefined,
      null,
      '',
      '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
      42,
      true,
      [],
      [{ error: { code: 'NOT_FOUND' } }],
      {},
      { message: 'conflict' },
      { code: 'NOT_FOUND', message: 'x', status: 404 },
      { error: 'NOT_FOUND' },
      { error: null },
      { error: {} },
      { error: { code: '', message: 'x' } },
      { error: { code: 404, message: 'x' } },
      { error: { message: 'x', status: 500 } },
    ]) {
      expect(parseErrorEnvelope(body), JSON.stringify(body)).toBeUndefined();
    }
  });
});

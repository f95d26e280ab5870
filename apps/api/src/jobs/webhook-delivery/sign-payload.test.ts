import { WEBHOOK_SIGNATURE_VECTOR as V } from '@humantime/contract';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../../test/webhook-receiver.js';
import { signatureHeader } from './sign-payload.js';

describe('the golden webhook signature vector', () => {
  it('is what the server signs', () => {
    expect(signatureHeader(V.secret, V.body, V.timestamp)).toBe(V.header);
  });

  it('is what the test receiver accepts', () => {
    expect(verifySignature(V.header, V.body, V.secret, V.timestamp * 1000)).toBe(V.timestamp);
    expect(() => verifySignature(V.header, V.body.replace('Zoë', 'Zoe'), V.secret, V.timestamp * 1000)).toThrow('does not verify');
  });
});

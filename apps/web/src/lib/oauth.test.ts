import { describe, expect, it } from 'vitest';
import { accessLabel, authorizationRequestFrom } from './oauth.js';

const QUERY =
  'response_type=code&client_id=https%3A%2F%2Fapp.example%2Fclient.json&redirect_uri=http%3A%2F%2F127.0.0.1%3A53682%2Fcallback%3Fx%3D1' +
  '&scope=humantime.read+humantime.write&state=a%2Bb%26c&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' +
  '&code_challenge_method=S256&resource=http%3A%2F%2Flocalhost%3A3000%2Fmcp&prompt=consent';

describe('authorizationRequestFrom', () => {
  it('keeps the contract keys, decoded once, and drops unknown ones', () => {
    expect(authorizationRequestFrom(new URLSearchParams(QUERY))).toEqual({
      request: {
        response_type: 'code',
        client_id: 'https://app.example/client.json',
        redirect_uri: 'http://127.0.0.1:53682/callback?x=1',
        scope: 'humantime.read humantime.write',
        state: 'a+b&c',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        resource: 'http://localhost:3000/mcp',
      },
    });
  });

  it('names a missing client_id or redirect_uri', () => {
    expect(authorizationRequestFrom(new URLSearchParams('redirect_uri=x'))).toEqual({ missing: 'client_id' });
    expect(authorizationRequestFrom(new URLSearchParams('client_id=x&redirect_uri='))).toEqual({ missing: 'redirect_uri' });
  });

  it('survives the sign-in round trip: next= carries the whole query and comes back unchanged', () => {
    // What SignedIn does without a session, then what the sign-in page reads back from its URL.
    const here = `/oauth/consent?${QUERY}`;
    const signIn = new URL(`http://x/dashboard/signin?next=${encodeURIComponent(here)}`);
    const next = signIn.searchParams.get('next')!;
    expect(next).toBe(here);
    const back = new URL(`http://x/dashboard${next}`);
    expect(authorizationRequestFrom(back.searchParams)).toEqual(authorizationRequestFrom(new URLSearchParams(QUERY)));
  });
});

describe('accessLabel', () => {
  it('says what the scopes allow', () => {
    expect(accessLabel(['humantime.read'])).toBe('Read');
    expect(accessLabel(['humantime.read', 'humantime.write'])).toBe('Read and write');
    expect(accessLabel(['humantime.write'])).toBe('Write');
  });
});

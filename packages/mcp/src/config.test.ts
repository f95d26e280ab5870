import { describe, expect, it } from 'vitest';
import { loadBinConfig } from './config.js';

describe('loadBinConfig', () => {
  it('reads the key and the URL, defaulting to a local API', () => {
    expect(loadBinConfig({ HUMANTIME_API_KEY: 'sk_live_abc' })).toEqual({ apiKey: 'sk_live_abc', baseUrl: 'http://127.0.0.1:3000' });
    expect(loadBinConfig({ HUMANTIME_API_KEY: 'sk_live_abc', HUMANTIME_URL: 'https://api.example.com' }).baseUrl).toBe(
      'https://api.example.com',
    );
    // The address of /v1 copied from the docs is the same service.
    for (const url of ['https://api.example.com/v1', 'https://api.example.com/v1/', 'https://api.example.com/']) {
      expect(loadBinConfig({ HUMANTIME_API_KEY: 'sk_live_abc', HUMANTIME_URL: url }).baseUrl).toBe('https://api.example.com');
    }
  });

  it('names the bad variable without echoing a secret', () => {
    expect(() => loadBinConfig({})).toThrow(/HUMANTIME_API_KEY is required/);
    expect(() => loadBinConfig({ HUMANTIME_API_KEY: 'pk_secret_value' })).toThrow(/HUMANTIME_API_KEY must be an API key/);
    expect(() => loadBinConfig({ HUMANTIME_API_KEY: 'pk_secret_value' })).not.toThrow(/pk_secret_value/);
    expect(() => loadBinConfig({ HUMANTIME_API_KEY: 'sk_live_x', HUMANTIME_URL: 'nope' })).toThrow(/HUMANTIME_URL/);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable, probeServer } from './connectivity';
import { keyBytes } from './push';

describe('keyBytes', () => {
  it('decodes a base64url VAPID key (65 bytes, uncompressed P-256 point)', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = keyBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    ).toBe(key);
  });
});

describe('connectivity', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    markReachable(true);
  });

  it('is unreachable when /api/health gets no answer, reachable again when it answers', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await probeServer()).toBe(false);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 200 })));
    expect(await probeServer()).toBe(true);
  });
});

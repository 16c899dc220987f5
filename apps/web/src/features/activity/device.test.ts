import { describe, expect, it } from 'vitest';
import { summarizeDevice } from './device';

describe('summarizeDevice (issue 23: no raw user agents in the activity log)', () => {
  it('names the browser and the system', () => {
    expect(
      summarizeDevice(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      summarizeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      summarizeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(
      summarizeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ browser: 'Firefox', system: 'macOS' });
    expect(
      summarizeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
  });

  it('names nothing it does not know, and nothing for no agent', () => {
    expect(summarizeDevice('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(summarizeDevice('node')).toEqual({ browser: null, system: null });
    expect(summarizeDevice(null)).toBeNull();
    expect(summarizeDevice('  ')).toBeNull();
  });
});

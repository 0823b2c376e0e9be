import { describe, expect, it } from 'vitest';
import { deviceParts } from './device';

describe('deviceParts', () => {
  it('names the browser and the system', () => {
    expect(
      deviceParts(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(
      deviceParts(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(
      deviceParts(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
  });

  it('leaves out what it cannot read', () => {
    expect(deviceParts('')).toBeNull();
    expect(deviceParts('node')).toEqual({ browser: 'Node.js', system: null });
    expect(deviceParts('Something/1.0')).toEqual({ browser: null, system: null });
  });
});

import { describe, expect, it } from 'vitest';
import { logText } from './output.mjs';

describe('logText', () => {
  it('reads a JSON log line as `[service] msg`, so ready lines are found in either format', () => {
    const json = JSON.stringify({
      level: 'info',
      time: '2026-11-25T22:18:19.425Z',
      service: 'identity',
      msg: 'ready',
    });
    expect(logText(json)).toBe('[identity] ready');
    expect(logText(json).includes('[identity] ready')).toBe(true);
  });

  it('leaves text lines, and JSON that is not a log line, as they are', () => {
    const text = '22:18:19.425 INFO  [gateway] listening on http://localhost:8080 (port 8080)';
    expect(logText(text)).toBe(text);
    expect(logText('{"broken"')).toBe('{"broken"');
    expect(logText('{"a":1}')).toBe('{"a":1}');
  });
});

import { describe, expect, it } from 'vitest';
import { InThreadPort } from './in-thread-port.ts';

const received = (port: InThreadPort, signal?: AbortSignal) => {
  const messages: unknown[] = [];
  port.addEventListener('message', (event) => messages.push(event.data), { signal });
  return messages;
};

describe('InThreadPort', () => {
  it('delivers an operator-list chunk as posted though its sender empties it at once', async () => {
    const port = new InThreadPort();
    const messages = received(port);
    const fnArray = [1, 2];
    const argsArray: unknown[] = [['a'], null];
    port.postMessage({ stream: 4, chunk: { fnArray, argsArray, length: 2 } });
    fnArray.length = 0;
    argsArray.length = 0;
    await Promise.resolve();
    expect(messages).toEqual([
      { stream: 4, chunk: { fnArray: [1, 2], argsArray: [['a'], null], length: 2 } },
    ]);
  });

  it('delivers a text chunk whose items its sender replaces for the next one', async () => {
    const port = new InThreadPort();
    const messages = received(port);
    const textContent = { items: [{ str: 'Step 1' }] };
    port.postMessage({ chunk: textContent });
    textContent.items = [];
    await Promise.resolve();
    expect(messages).toEqual([{ chunk: { items: [{ str: 'Step 1' }] } }]);
  });

  it('hands other messages and their buffers over as they are, in order', async () => {
    const port = new InThreadPort();
    const messages = received(port);
    const pixels = new Uint8Array([1, 2, 3]);
    port.postMessage({ data: pixels }, [pixels.buffer]);
    port.postMessage({ chunk: pixels });
    await Promise.resolve();
    await Promise.resolve();
    expect(messages).toEqual([{ data: pixels }, { chunk: pixels }]);
    expect((messages[1] as { chunk: unknown }).chunk).toBe(pixels);
  });

  it('stops delivering to a listener whose signal was aborted, as pdf.js stops listening', async () => {
    const port = new InThreadPort();
    const stop = new AbortController();
    const stopped = received(port, stop.signal);
    const kept = received(port);
    stop.abort();
    port.postMessage('after');
    await Promise.resolve();
    expect(stopped).toEqual([]);
    expect(kept).toEqual(['after']);
  });
});

import { describe, expect, it } from 'vitest';
import { cutOkReply, type RpcReplyEnvelope } from './rpc-wire.js';

const written = (reply: RpcReplyEnvelope) => Buffer.from(JSON.stringify(reply));

describe('cutOkReply', () => {
  it("cuts an ok reply's answer out as the JSON bytes it was written as", () => {
    const data = {
      id: 7,
      name: 'Ada "the first" — née Byron',
      tags: [{ id: '","ok":true,"data":' }],
    };
    const cut = cutOkReply(written({ id: 'c0ffee-1', ok: true, data }));
    expect(cut?.id).toBe('c0ffee-1');
    expect(cut?.json.toString()).toBe(JSON.stringify(data));
    expect(JSON.parse(cut!.json.toString())).toEqual(data);
  });

  it('cuts null and plain values too', () => {
    expect(cutOkReply(written({ id: 'a', ok: true, data: null }))?.json.toString()).toBe('null');
    expect(cutOkReply(written({ id: 'a', ok: true, data: 'text' }))?.json.toString()).toBe(
      '"text"',
    );
  });

  it('leaves failures and replies without data to be parsed whole', () => {
    const failure = { kind: 'forbidden' as const, message: 'No.' };
    expect(cutOkReply(written({ id: 'a', ok: false, failure }))).toBeNull();
    expect(cutOkReply(Buffer.from('{"id":"a","ok":true}'))).toBeNull();
    expect(cutOkReply(Buffer.from('{"ok":true,"id":"a","data":1}'))).toBeNull();
    expect(cutOkReply(Buffer.from('{"id":"a'))).toBeNull();
  });
});

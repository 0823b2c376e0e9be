import { describe, expect, it } from 'vitest';
import { cutOkReply, type RpcReplyEnvelope } from './rpc-wire.js';

const written = (reply: RpcReplyEnvelope) => JSON.stringify(reply);

describe('cutOkReply', () => {
  it("cuts an ok reply's answer out as the JSON text it was written as", () => {
    const data = { id: 7, name: 'Ada "the first"', tags: [{ id: '","ok":true,"data":' }] };
    const cut = cutOkReply(written({ id: 'c0ffee-1', ok: true, data }));
    expect(cut).toEqual({ id: 'c0ffee-1', json: JSON.stringify(data) });
    expect(JSON.parse(cut!.json)).toEqual(data);
  });

  it('cuts null and plain values too', () => {
    expect(cutOkReply(written({ id: 'a', ok: true, data: null }))?.json).toBe('null');
    expect(cutOkReply(written({ id: 'a', ok: true, data: 'text' }))?.json).toBe('"text"');
  });

  it('leaves failures and replies without data to be parsed whole', () => {
    const failure = { kind: 'forbidden' as const, message: 'No.' };
    expect(cutOkReply(written({ id: 'a', ok: false, failure }))).toBeNull();
    expect(cutOkReply('{"id":"a","ok":true}')).toBeNull();
    expect(cutOkReply('{"ok":true,"id":"a","data":1}')).toBeNull();
  });
});

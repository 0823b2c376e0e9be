import { describe, expect, it } from 'vitest';
import { NetworkGuard, RefusedAddressError } from './network-guard.js';

describe('NetworkGuard', () => {
  const guard = new NetworkGuard();

  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => {
    expect(guard.check(address).ok).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'accepts the public %s',
    (address) => {
      expect(guard.check(address)).toEqual({ ok: true, local: false });
    },
  );

  it('accepts the ranges the operator allows, as local ones', () => {
    const loopback = new NetworkGuard(NetworkGuard.parseRanges('127.0.0.0/8, ::1'));
    expect(loopback.check('127.0.0.1')).toEqual({ ok: true, local: true });
    expect(loopback.check('::1')).toEqual({ ok: true, local: true });
    expect(loopback.check('::ffff:127.0.0.1')).toEqual({ ok: true, local: true });
    expect(loopback.check('10.0.0.1').ok).toBe(false);
  });

  it('refuses plain http to a public address, and a literal private address', async () => {
    await expect(guard.target(new URL('http://8.8.8.8/hook'))).rejects.toThrow(/only https/);
    await expect(guard.target(new URL('https://[::1]/hook'))).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(guard.target(new URL('https://8.8.8.8/hook'))).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
      local: false,
    });
  });

  it('checks every address a name resolves to', async () => {
    await expect(guard.target(new URL('https://localhost/hook'))).rejects.toThrow(
      /localhost resolves to/,
    );
  });
});

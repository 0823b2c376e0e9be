import { describe, expect, it } from 'vitest';
import { clientNetwork } from './login-rate-limiter.js';

describe('the client a sign-in is counted against', () => {
  it('is an IPv4 address itself, also when it comes IPv6-mapped', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = '2001:db8:77:1::/64';
    expect(clientNetwork('2001:db8:77:1::1')).toBe(network);
    expect(clientNetwork('2001:0DB8:0077:0001:aaaa:bbbb:cccc:dddd')).toBe(network);
    expect(clientNetwork('2001:db8:77:1:ffff::')).toBe(network);
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});

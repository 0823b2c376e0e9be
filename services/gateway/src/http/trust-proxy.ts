import { isIP } from 'node:net';
import { z } from 'zod';

/** What `z.stringbool()` reads as a yes or a no, as TRUST_PROXY was read before it took addresses. */
const TRUE = new Set(['true', '1', 'yes', 'on', 'y', 'enabled']);
const FALSE = new Set(['', 'false', '0', 'no', 'off', 'n', 'disabled']);

/** An address or a CIDR range of a proxy whose forwarded address is believed. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`, as Fastify's `trustProxy` reads it: off, every hop, or the proxies' addresses or
 * CIDR ranges. With addresses, the client is the entry the nearest untrusted hop appended, and
 * what a client wrote in X-Forwarded-For itself is never reached. `true` believes every entry,
 * the left-most of which the client writes itself behind a proxy that appends to the header
 * (nginx's `$proxy_add_x_forwarded_for`, most load balancers): the sign-in limits per address
 * then count whatever it chose. A count of proxies is refused: Fastify ignores the header for
 * one (it cannot tell a proxy from a client), so every client would be the proxy.
 */
export const TrustProxy = z
  .string()
  .default('false')
  .transform((value, context): boolean | string[] => {
    const text = value.trim().toLowerCase();
    if (FALSE.has(text)) return false;
    if (TRUE.has(text)) return true;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: 'custom',
      message: "must be true, false, or the proxies' addresses or CIDR ranges (comma-separated)",
    });
    return z.NEVER;
  });

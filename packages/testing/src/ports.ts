import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The ports the kernel hands out itself: to `listen(0)` and to outgoing connections. */
function ephemeralPorts(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high) return { low, high };
  } catch {
    // Not Linux: the IANA range, which most others use.
  }
  return { low: 49152, high: 65535 };
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on right now, below the kernel's ephemeral range, for a server a test
 * starts on a port it chose: one in the ephemeral range could meanwhile be given to another
 * suite's `listen(0)` or to an outgoing connection (a client reconnecting to it can even connect
 * to itself), and the server would then find it taken (an embedded PostgreSQL's "could not
 * create any TCP/IP sockets"), or a server started again on it something else answering there.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralPorts();
  const floor = Math.max(1024, low - 10_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = floor + Math.floor(Math.random() * (low - floor));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${floor}-${low - 1}`);
}

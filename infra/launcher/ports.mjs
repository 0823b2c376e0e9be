// Small network helpers of the launcher: is something listening, what answers there, which
// port is free. No dependencies, so they run before `npm install` has finished anything else.
import net from 'node:net';

/**
 * Whether a TCP connection to host:port succeeds within the timeout.
 * @param {string} host
 * @param {number} port
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export function isPortOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (/** @type {boolean} */ open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Sends `request` to host:port and resolves with the first bytes answered (null when nothing
 * listens, the peer closes without a word, or no answer comes within the timeout).
 * @param {string} host
 * @param {number} port
 * @param {Buffer} request
 * @param {number} [timeoutMs]
 * @returns {Promise<Buffer | null>}
 */
function ask(host, port, request, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const done = (/** @type {Buffer | null} */ answer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once('connect', () => socket.write(request));
    socket.once('data', (chunk) => done(chunk));
    socket.once('error', () => done(null));
    socket.once('close', () => done(null));
  });
}

/**
 * Whether a PostgreSQL server answers at host:port: it must answer an SSLRequest with a single
 * 'S' or 'N' byte, which nothing else does by accident.
 * @param {string} host
 * @param {number} port
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export async function answersPostgres(host, port, timeoutMs) {
  const sslRequest = Buffer.alloc(8);
  sslRequest.writeInt32BE(8, 0);
  sslRequest.writeInt32BE(80877103, 4);
  const answer = await ask(host, port, sslRequest, timeoutMs);
  return answer !== null && answer.length >= 1 && (answer[0] === 0x53 || answer[0] === 0x4e);
}

/**
 * Whether a Redis server answers at host:port: PING gets +PONG, or an authentication error
 * (-NOAUTH / -ERR ... AUTH) from a server that wants a password.
 * @param {string} host
 * @param {number} port
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export async function answersRedis(host, port, timeoutMs) {
  const answer = await ask(host, port, Buffer.from('PING\r\n'), timeoutMs);
  if (answer === null) return false;
  const text = answer.toString('latin1');
  return text.startsWith('+PONG') || text.startsWith('-NOAUTH') || /^-\S*\s.*AUTH/i.test(text);
}

/**
 * Whether this process could listen on host:port right now.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
export function canListen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on: `preferred` when it is free, otherwise one the system picks.
 * @param {number} [preferred]
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function findFreePort(preferred, host = '127.0.0.1') {
  if (preferred !== undefined && preferred > 0 && (await canListen(preferred, host))) {
    return preferred;
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}

/**
 * Polls `check` until it resolves true or the time runs out.
 * @param {() => Promise<boolean>} check
 * @param {number} timeoutMs
 * @param {number} [intervalMs]
 * @returns {Promise<boolean>}
 */
export async function waitFor(check, timeoutMs, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The METRICS_PORT of the launcher's n-th process (from 0): each gets its own, counting up
 * from the one configured, so processes on one machine never contend for it. None when unset.
 * @param {string | undefined} configured
 * @param {number} index
 * @returns {{ METRICS_PORT?: string }}
 */
export function metricsPortOf(configured, index) {
  return configured ? { METRICS_PORT: String(Number(configured) + index) } : {};
}

import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answersPostgres,
  answersRedis,
  canListen,
  findFreePort,
  isPortOpen,
  metricsPortOf,
  waitFor,
} from './ports.mjs';

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

/** A loopback server on a system-chosen port that answers each connection with `onData`. */
async function serve(onData?: (socket: net.Socket, chunk: Buffer) => void): Promise<number> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (onData) socket.on('data', (chunk) => onData(socket, chunk));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A port that was free a moment ago (its server is closed again). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(
    servers
      .splice(0)
      .map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

describe('isPortOpen', () => {
  it('is true while a server listens and false once it is gone', async () => {
    const port = await serve();
    expect(await isPortOpen('127.0.0.1', port)).toBe(true);
    expect(await isPortOpen('127.0.0.1', await closedPort())).toBe(false);
  });
});

describe('findFreePort', () => {
  it('returns the preferred port when it is free', async () => {
    const preferred = await closedPort();
    expect(await findFreePort(preferred)).toBe(preferred);
  });

  it('returns another, listenable port when the preferred one is taken', async () => {
    const taken = await serve();
    const port = await findFreePort(taken);
    expect(port).not.toBe(taken);
    expect(port).toBeGreaterThan(0);
    expect(await canListen(port)).toBe(true);
    expect(await canListen(taken)).toBe(false);
  });
});

describe('answersPostgres', () => {
  it('recognises the single-byte answer to an SSLRequest', async () => {
    let request: Buffer | undefined;
    const port = await serve((socket, chunk) => {
      request = chunk;
      socket.write('N');
    });
    expect(await answersPostgres('127.0.0.1', port)).toBe(true);
    expect(request?.readInt32BE(0)).toBe(8);
    expect(request?.readInt32BE(4)).toBe(80877103);
  });

  it('is false for a server speaking another protocol, a silent one, or none', async () => {
    const http = await serve((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    const silent = await serve();
    expect(await answersPostgres('127.0.0.1', http)).toBe(false);
    expect(await answersPostgres('127.0.0.1', silent, 200)).toBe(false);
    expect(await answersPostgres('127.0.0.1', await closedPort())).toBe(false);
  });
});

describe('answersRedis', () => {
  it('recognises PONG and the authentication error of a protected server', async () => {
    const open = await serve((socket) => socket.write('+PONG\r\n'));
    const locked = await serve((socket) => socket.write('-NOAUTH Authentication required.\r\n'));
    expect(await answersRedis('127.0.0.1', open)).toBe(true);
    expect(await answersRedis('127.0.0.1', locked)).toBe(true);
  });

  it('is false for a PostgreSQL-like or closed port', async () => {
    const other = await serve((socket) => socket.write('N'));
    expect(await answersRedis('127.0.0.1', other)).toBe(false);
    expect(await answersRedis('127.0.0.1', await closedPort())).toBe(false);
  });
});

describe('waitFor', () => {
  it('resolves true as soon as the check passes and false when time runs out', async () => {
    let calls = 0;
    expect(await waitFor(async () => ++calls >= 3, 2000, 5)).toBe(true);
    expect(calls).toBe(3);
    expect(await waitFor(async () => false, 50, 10)).toBe(false);
  });
});

describe('metricsPortOf', () => {
  it('gives each process its own port counting up from METRICS_PORT, and none when unset', () => {
    expect([0, 1, 8].map((index) => metricsPortOf('9400', index))).toEqual([
      { METRICS_PORT: '9400' },
      { METRICS_PORT: '9401' },
      { METRICS_PORT: '9408' },
    ]);
    expect(metricsPortOf(undefined, 3)).toEqual({});
  });
});

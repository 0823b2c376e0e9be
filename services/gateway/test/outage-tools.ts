import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

/** Whether the Redis answering at the URL is the process `pid`, not another that took the port. */
async function answersAs(url: string, pid: number | undefined): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.info('server')).includes(`process_id:${pid}\r`);
  } finally {
    client.disconnect();
  }
}

/**
 * A redis-server of the test's own (Debian's binary, as the launcher's embedded Redis), with an
 * append-only file fsynced on every write in a folder of its own, so it can be stopped and
 * started again on the same port with its data, like `npm start`'s Redis.
 */
export class OwnRedis {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'hub-outage-redis-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 20_000): Promise<void> {
    if (this.child) return;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir];
    const persistence = ['--appendonly', 'yes', '--appendfsync', 'always', '--save', ''];
    const child = spawn('redis-server', [...args, ...persistence], { stdio: 'ignore' });
    child.on('error', (error) => console.error(`redis-server: ${error.message}`));
    this.child = child;
    await waitUntil(
      () => answersAs(this.url, child.pid),
      `redis-server (pid ${child.pid}) did not answer on ${this.port}`,
      timeoutMs,
    );
  }

  /** Stops it the way a restart or a crash does; `signal` SIGKILL leaves no time to save. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }

  /** Hangs it: connections stay open, nothing is answered (SIGSTOP), until `resume`. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async remove(): Promise<void> {
    this.resume();
    await this.stop('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A TCP relay between the services and PostgreSQL that the test can cut (every connection
 * dropped, new ones refused) and restore: PostgreSQL going away, deterministically, without
 * stopping the server other suites share.
 */
export class CuttablePostgres {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target = { host: '127.0.0.1', port: 5432 },
  ) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.relay(client));
    server.on('error', (error) => console.error(`postgres relay: ${error.message}`));
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
  }

  private relay(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Rewrites a database URL to go through the relay. */
  urlOf(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${this.port}`;
    return url.toString();
  }
}

import { Logger } from '@nestjs/common';

const HOUR_MS = 60 * 60_000;

/**
 * A sweep run at start and then every `everyMs` (hourly): one at a time, so a slow one is not
 * joined by the next; a failure logged, never thrown (a timer calls it); its timer holds no
 * process open; and stop() waits for the sweep under way, whose work reads `stopping()` between
 * batches to end early. The shape of every retention and recovery sweep of the services.
 */
export class RecurringSweep<T> {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T | undefined> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly work: (stopping: () => boolean) => Promise<T>,
  ) {
    this.logger = new Logger(name);
  }

  start(everyMs = HOUR_MS): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** The sweep's answer, or undefined when it failed (logged); joins one under way. */
  run(): Promise<T | undefined> {
    this.running ??= this.work(() => this.stopped)
      .catch((error: unknown) => {
        this.logger.warn(`${this.name} sweep failed: ${String(error)}`);
        return undefined;
      })
      .finally(() => (this.running = null));
    return this.running;
  }
}

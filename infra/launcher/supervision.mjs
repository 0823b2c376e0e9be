// Keeps the product's parts running, as systemd and Kubernetes do: a worker, service, Redis or
// PostgreSQL that ends unexpectedly (a crash, the kernel's OOM killer) is started again after a
// pause that grows with each crash in a row, up to a ceiling, forever. One part that keeps
// failing never stops the others. Changes are printed once (failing, crash loop, recovered) and
// every restart is written to a state file that /api/health and /metrics report.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeExit, stopChild } from './children.mjs';

/**
 * Restart policy. The pause doubles from `firstDelayMs` with each crash in a row, up to
 * `maxDelayMs`; a part that has stayed up for `stableAfterMs` has recovered, and its next crash
 * starts again from the first pause. From `loopCrashes` crashes in a row it is in a crash loop:
 * said once, and reported as degraded until it recovers.
 */
export const RESTART_POLICY = {
  firstDelayMs: 1000,
  maxDelayMs: 300_000,
  stableAfterMs: 60_000,
  loopCrashes: 3,
};

/** Redis and PostgreSQL: everything waits on them, so they come back at once, then quickly. */
export const INFRASTRUCTURE_POLICY = {
  firstDelayMs: 100,
  maxDelayMs: 5000,
  stableAfterMs: 30_000,
  loopCrashes: 3,
};

/**
 * The policy with the environment's overrides (LAUNCHER_RESTART_MAX_DELAY_MS and
 * LAUNCHER_RESTART_STABLE_AFTER_MS), so a test can crash a part many times in a few minutes.
 * @param {typeof RESTART_POLICY} policy
 * @param {NodeJS.ProcessEnv} env
 * @returns {typeof RESTART_POLICY}
 */
export function policyFromEnv(policy, env) {
  const number = (/** @type {string | undefined} */ value, /** @type {number} */ fallback) =>
    value && Number.isFinite(Number(value)) && Number(value) >= 0 ? Number(value) : fallback;
  return {
    ...policy,
    maxDelayMs: number(env.LAUNCHER_RESTART_MAX_DELAY_MS, policy.maxDelayMs),
    stableAfterMs: number(env.LAUNCHER_RESTART_STABLE_AFTER_MS, policy.stableAfterMs),
  };
}

/**
 * The pause before the restart that follows the `crashesInRow`-th crash in a row.
 * @param {number} crashesInRow  1 for the first crash after a stable run
 * @param {typeof RESTART_POLICY} [policy]
 */
export function restartDelay(crashesInRow, policy = RESTART_POLICY) {
  const delay = policy.firstDelayMs * 2 ** Math.max(0, crashesInRow - 1);
  return Math.min(Math.max(delay, 0), policy.maxDelayMs);
}

/** Exit code of a part that cannot run with its configuration (sysexits' EX_CONFIG). */
export const CONFIGURATION_ERROR = 78;

/**
 * @typedef {'running' | 'restarting' | 'stopped'} ProcessState
 * @typedef {{ state: ProcessState, pid: number | null, restarts: number,
 *   lastRestartAt: string | null, lastExit: string | null, failing: boolean,
 *   crashesInRow: number, nextRestartAt: string | null }} ProcessReport
 */

/** The launcher's view of its parts, kept in a JSON file the gateway's /api/health reads. */
export class SupervisionReport {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {Record<string, ProcessReport>} */
    this.processes = {};
    mkdirSync(path.dirname(file), { recursive: true });
  }

  /**
   * @param {string} name
   * @param {ProcessReport} report
   */
  set(name, report) {
    this.processes[name] = report;
    const body = JSON.stringify({ updatedAt: new Date().toISOString(), processes: this.processes });
    // Written whole and renamed into place: a reader never sees half a file.
    writeFileSync(`${this.file}.tmp`, body);
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** A first start that failed on its configuration: `npm start` stops with the part's message. */
export class ConfigurationError extends Error {}

/**
 * One supervised part.
 * @typedef {import('./children.mjs').Child} Child
 * @typedef {{
 *   name: string,
 *   start: () => Child | Promise<Child>,
 *   waitReady: (child: Child) => Promise<unknown>,
 *   stop?: (child: Child, graceMs: number) => Promise<unknown>,
 *   log: (message: string) => void,
 *   report: SupervisionReport,
 *   policy?: typeof RESTART_POLICY,
 * }} SupervisedOptions
 */
export class Supervised {
  /** @param {SupervisedOptions} options */
  constructor(options) {
    this.options = options;
    this.policy = options.policy ?? RESTART_POLICY;
    /** @type {Child | undefined} */
    this.child = undefined;
    this.restarts = 0;
    /** Crashes since the part last stayed up for `stableAfterMs`. */
    this.crashesInRow = 0;
    /** @type {string | null} */
    this.lastRestartAt = null;
    /** @type {string | null} */
    this.lastExit = null;
    /** @type {string | null} */
    this.nextRestartAt = null;
    this.stopping = false;
    /** @type {NodeJS.Timeout | undefined} */
    this.timer = undefined;
    /** @type {NodeJS.Timeout | undefined} */
    this.stableTimer = undefined;
  }

  /**
   * The first start. Resolves once the part is ready, or once a failed start is handed to the
   * restart policy; throws only when the part cannot run with its configuration (exit code 78).
   */
  async begin() {
    try {
      await this.launch();
    } catch (error) {
      const child = this.child;
      const status = child?.hasExited() ? await child.exited : null;
      if (status?.code === CONFIGURATION_ERROR) {
        this.publish('stopped');
        throw new ConfigurationError(`${this.options.name} ${describeExit(status)}.`);
      }
      await this.abandon(child);
      void this.crashed(child, `failed to start (${errorText(error)})`);
    }
  }

  /** Starts the part and resolves once it is ready; a start that fails is thrown. */
  async launch() {
    this.child = undefined;
    const child = await this.options.start();
    this.child = child;
    if (this.stopping) throw new Error('stopping');
    await this.options.waitReady(child);
    this.publish('running');
    void child.exited.then((status) => this.crashed(child, describeExit(status)));
    clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => this.stayedUp(child), this.policy.stableAfterMs);
    this.stableTimer.unref();
  }

  /**
   * @param {Child | undefined} child
   * @param {string} how
   */
  async crashed(child, how) {
    if (this.stopping || child !== this.child) return;
    clearTimeout(this.stableTimer);
    const { name, log } = this.options;
    this.lastExit = how;
    this.crashesInRow += 1;
    const delayMs = restartDelay(this.crashesInRow, this.policy);
    if (this.crashesInRow === 1) {
      log(`${name} ${how} unexpectedly; restarting it in ${seconds(delayMs)}.`);
    } else if (this.crashesInRow === this.policy.loopCrashes) {
      log(
        `${name} keeps failing (${this.crashesInRow} crashes in a row, the last: ${how}): restarting it with a growing pause, up to ${seconds(this.policy.maxDelayMs)}, until it stays up. Everything else keeps running.`,
      );
    }
    this.nextRestartAt = new Date(Date.now() + delayMs).toISOString();
    this.publish('restarting');
    await new Promise((resolve) => (this.timer = setTimeout(resolve, delayMs)));
    if (this.stopping) return;
    await this.restart();
  }

  async restart() {
    const { name, log } = this.options;
    try {
      await this.launch();
      this.restarts += 1;
      this.lastRestartAt = new Date().toISOString();
      this.nextRestartAt = null;
      this.publish('running');
      if (this.crashesInRow === 1) {
        log(`${name} restarted (restart ${this.restarts}, pid ${this.child?.child.pid}).`);
      }
    } catch (error) {
      // It ended or hung while starting: one more crash in the row.
      const child = this.child;
      await this.abandon(child);
      await this.crashed(child, `failed to start again (${errorText(error)})`);
    }
  }

  /** @param {Child | undefined} child  undefined when it failed before it had a process */
  async abandon(child) {
    if (child && !child.hasExited()) await this.stopChild(child, 2000);
  }

  /**
   * The part stayed up long enough: the crashes before no longer count.
   * @param {Child} child
   */
  stayedUp(child) {
    if (this.stopping || child !== this.child || child.hasExited()) return;
    if (this.crashesInRow >= this.policy.loopCrashes) {
      this.options.log(
        `${this.options.name} is running again (pid ${child.child.pid}, up for ${seconds(this.policy.stableAfterMs)} after ${this.crashesInRow} crashes in a row).`,
      );
    }
    this.crashesInRow = 0;
    this.publish('running');
  }

  /**
   * Stops the part (and any pending restart) within `graceMs`.
   * @param {number} [graceMs]
   */
  async stop(graceMs = 5000) {
    this.stopping = true;
    clearTimeout(this.timer);
    clearTimeout(this.stableTimer);
    if (this.child) await this.stopChild(this.child, graceMs);
    this.nextRestartAt = null;
    this.publish('stopped');
  }

  /**
   * @param {Child} child
   * @param {number} graceMs
   */
  stopChild(child, graceMs) {
    return this.options.stop ? this.options.stop(child, graceMs) : stopChild(child, graceMs);
  }

  /** @param {ProcessState} state */
  publish(state) {
    this.options.report.set(this.options.name, {
      state,
      pid: this.child?.child.pid ?? null,
      restarts: this.restarts,
      lastRestartAt: this.lastRestartAt,
      lastExit: this.lastExit,
      failing: this.crashesInRow > 0,
      crashesInRow: this.crashesInRow,
      nextRestartAt: state === 'restarting' ? this.nextRestartAt : null,
    });
  }
}

/** @param {number} ms */
const seconds = (ms) =>
  ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? error.message : String(error));

// Keeps the product's processes running: a worker or service that ends unexpectedly (a crash,
// the kernel's OOM killer) is started again after a growing pause, and only a crash loop stops
// the product. Every restart is printed and written to a state file that /api/health reports.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeExit, stopChild } from './children.mjs';

/**
 * Restart policy. The pause doubles from `firstDelayMs` up to `maxDelayMs`; crashes older than
 * `loopWindowMs` are forgotten, so a process that stays up long enough starts again from the
 * first pause; `loopCrashes` crashes within the window are a crash loop: no more restarts.
 */
export const RESTART_POLICY = {
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
  loopCrashes: 5,
  loopWindowMs: 120_000,
};

/**
 * What to do after a crash, given the times of the recent crashes (this one included).
 * @param {number[]} crashTimes
 * @param {number} now
 * @param {typeof RESTART_POLICY} [policy]
 * @returns {{ giveUp: boolean, delayMs: number, recent: number }}
 */
export function nextRestart(crashTimes, now, policy = RESTART_POLICY) {
  const recent = crashTimes.filter((time) => now - time <= policy.loopWindowMs).length;
  const delayMs = Math.min(policy.firstDelayMs * 2 ** Math.max(0, recent - 1), policy.maxDelayMs);
  return { giveUp: recent >= policy.loopCrashes, delayMs, recent };
}

/**
 * @typedef {'running' | 'restarting' | 'gave-up' | 'stopped'} ProcessState
 * @typedef {{ state: ProcessState, pid: number | null, restarts: number,
 *   lastRestartAt: string | null, lastExit: string | null }} ProcessReport
 */

/** The launcher's view of its processes, kept in a JSON file the gateway's /api/health reads. */
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

/**
 * One supervised process.
 * @typedef {import('./children.mjs').Child} Child
 * @typedef {{
 *   name: string,
 *   start: () => Child,
 *   waitReady: (child: Child) => Promise<unknown>,
 *   log: (message: string) => void,
 *   report: SupervisionReport,
 *   onGiveUp: (reason: string) => void,
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
    /** @type {number[]} */
    this.crashes = [];
    this.restarts = 0;
    /** @type {string | null} */
    this.lastRestartAt = null;
    /** @type {string | null} */
    this.lastExit = null;
    this.stopping = false;
    /** @type {NodeJS.Timeout | undefined} */
    this.timer = undefined;
  }

  /** Starts the process and resolves once it is ready; a first start that fails is thrown. */
  async launch() {
    const child = this.options.start();
    this.child = child;
    await this.options.waitReady(child);
    this.publish('running');
    void child.exited.then((status) => this.crashed(child, describeExit(status)));
  }

  /**
   * @param {Child} child
   * @param {string} how
   */
  async crashed(child, how) {
    if (this.stopping || child !== this.child) return;
    const { name, log, onGiveUp } = this.options;
    this.lastExit = how;
    this.crashes.push(Date.now());
    const decision = nextRestart(this.crashes, Date.now(), this.policy);
    if (decision.giveUp) {
      this.publish('gave-up');
      onGiveUp(
        `${name} ${how}: ${decision.recent} crashes within ${this.policy.loopWindowMs / 1000} s, a crash loop. Not restarting it.`,
      );
      return;
    }
    log(`${name} ${how} unexpectedly; restarting it in ${decision.delayMs / 1000} s.`);
    this.publish('restarting');
    await new Promise((resolve) => (this.timer = setTimeout(resolve, decision.delayMs)));
    if (this.stopping) return;
    await this.restart();
  }

  async restart() {
    const { name, log } = this.options;
    try {
      await this.launch();
      this.restarts += 1;
      this.lastRestartAt = new Date().toISOString();
      this.publish('running');
      log(`${name} restarted (restart ${this.restarts}, pid ${this.child?.child.pid}).`);
    } catch (error) {
      // It ended or hung while starting: one more crash for the policy.
      const child = /** @type {Child} */ (this.child);
      if (!child.hasExited()) await stopChild(child, 2000);
      const message = error instanceof Error ? error.message : String(error);
      await this.crashed(child, `failed to start again (${message})`);
    }
  }

  /**
   * Stops the process (and any pending restart) within `graceMs`.
   * @param {number} [graceMs]
   */
  async stop(graceMs = 5000) {
    this.stopping = true;
    clearTimeout(this.timer);
    if (this.child) await stopChild(this.child, graceMs);
    this.publish('stopped');
  }

  /** @param {ProcessState} state */
  publish(state) {
    this.options.report.set(this.options.name, {
      state,
      pid: this.child?.child.pid ?? null,
      restarts: this.restarts,
      lastRestartAt: this.lastRestartAt,
      lastExit: this.lastExit,
    });
  }
}

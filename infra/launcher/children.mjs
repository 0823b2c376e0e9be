// Child processes of the launcher: started with their output prefixed, stopped with a grace
// period, watched for an unexpected end.
import { spawn } from 'node:child_process';
import { prefixLines, printLine } from './output.mjs';

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} ExitStatus
 * @typedef {{
 *   name: string,
 *   child: import('node:child_process').ChildProcess,
 *   exited: Promise<ExitStatus>,
 *   hasExited: () => boolean,
 *   onLine: (listener: (line: string) => void) => () => void,
 * }} Child
 */

/** Every child still running, so a stop that runs out of time can end them all. */
const live = new Set(/** @type {import('node:child_process').ChildProcess[]} */ ([]));

/** Kills (SIGKILL) every child that is still running; answers how many there were. */
export function killAll() {
  const count = live.size;
  for (const child of live) child.kill('SIGKILL');
  return count;
}

/**
 * Starts a process whose stdout and stderr lines are printed under `name`.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, onLine?: (line: string) => void }} [options]
 * @returns {Child}
 */
export function startChild(name, command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let done = false;
  /** @type {Promise<ExitStatus>} */
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      done = true;
      printLine(name, `could not start ${command}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  /** @type {Set<(line: string) => void>} */
  const listeners = new Set();
  if (options.onLine) listeners.add(options.onLine);
  const emit = (/** @type {string} */ line) => {
    for (const listener of listeners) listener(line);
  };
  if (child.stdout) prefixLines(child.stdout, name, emit);
  if (child.stderr) prefixLines(child.stderr, name, emit);
  return {
    name,
    child,
    exited,
    hasExited: () => done,
    onLine(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A process started by someone else (a library), watched as a Child; its output is theirs.
 * @param {string} name
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Child}
 */
export function adoptChild(name, child) {
  let done = child.exitCode !== null || child.signalCode !== null;
  /** @type {Promise<ExitStatus>} */
  const exited = done
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise((resolve) => {
        live.add(child);
        child.once('exit', (code, signal) => {
          done = true;
          live.delete(child);
          resolve({ code, signal });
        });
      });
  return { name, child, exited, hasExited: () => done, onLine: () => () => false };
}

/**
 * Asks a child to stop (`signal`, SIGTERM by default), and kills it when it has not ended within
 * `graceMs`.
 * @param {Child} handle
 * @param {number} [graceMs]
 * @param {NodeJS.Signals} [signal]
 * @returns {Promise<ExitStatus>}
 */
export async function stopChild(handle, graceMs = 10_000, signal = 'SIGTERM') {
  if (handle.hasExited()) return handle.exited;
  handle.child.kill(signal);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const killed = new Promise((resolve) => {
    timer = setTimeout(() => {
      handle.child.kill('SIGKILL');
      resolve(undefined);
    }, graceMs);
  });
  await Promise.race([handle.exited, killed]);
  clearTimeout(timer);
  return handle.exited;
}

/**
 * Describes how a process ended, for messages.
 * @param {ExitStatus} status
 */
export function describeExit({ code, signal }) {
  if (signal) return `was ended by ${signal}`;
  if (code === 78) return 'stopped on a configuration error (exit code 78, see its message above)';
  return `exited with code ${code}`;
}

// Child processes of the benchmarks that start services from their builds: started until they
// say they are ready, stopped politely, their last output kept for an error message.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {{ name: string, child: import('node:child_process').ChildProcess, output: string[] }} Child
 */

/**
 * Starts a process, keeps its last output lines for an error message, and resolves once it
 * prints `readyText`.
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} readyText
 * @param {Child[]} children  where the started child is recorded, for the clean-up
 * @returns {Promise<Child>}
 */
export function startChild(name, args, env, readyText, children) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {Child} */
  const handle = { name, child, output: [] };
  children.push(handle);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(failure(`did not print "${readyText}" in 120 s`)),
      120_000,
    );
    const failure = (/** @type {string} */ what) =>
      new Error(`${name} ${what}. Its last output:\n${handle.output.join('\n')}`);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      readline.createInterface({ input: stream }).on('line', (line) => {
        handle.output.push(line);
        if (handle.output.length > 40) handle.output.shift();
        if (line.includes(readyText)) {
          clearTimeout(timer);
          resolve(handle);
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(failure(`exited (${signal ?? `code ${code}`}) while starting`));
    });
  });
}

/** @param {Child} handle */
export function stopChild({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

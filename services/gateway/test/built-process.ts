import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A JSON log line as `[service] msg` (as infra/launcher/output.mjs's logText); others as they are. */
function logText(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as { service?: unknown; msg?: unknown };
    if (typeof entry.service === 'string' && typeof entry.msg === 'string') {
      return `[${entry.service}] ${entry.msg}`;
    }
  } catch {
    // Not JSON after all.
  }
  return line;
}

/** A process started from a build (`services/gateway/dist/main.js`, a worker), as it runs. */
export interface BuiltProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  /** Waits until its output, JSON log lines read as text, matches `pattern` (its ready line). */
  printed(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
}

/** Starts `entry` (relative to the repository) with this process's environment plus `env`. */
export function startBuiltProcess(entry: string, env: NodeJS.ProcessEnv): BuiltProcess {
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    exited,
    async printed(pattern) {
      const text = () => output.split('\n').map(logText).join('\n');
      await expect.poll(text, { timeout: 60_000 }).toMatch(pattern);
    },
  };
}

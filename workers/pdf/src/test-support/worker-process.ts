import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built worker's entry, as deployed. */
const ENTRY = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/**
 * The built PDF worker in a process of its own with this environment added to the test's, once it
 * says it is ready; `children` keeps it for the suite to kill. Its output is in the error of a
 * process that exits before it is ready.
 */
export async function startPdfWorker(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: 'pipe',
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[pdf-worker] ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return child;
}

// The memory bench's look inside each process: its heap snapshot by kind of object, and the
// packages it loaded during start-up (from the list bench/memory-modules.mjs has it write).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a heap snapshot of each process (SIGUSR2) and waits until each file is complete.
 * @param {import('./children.mjs').Child[]} started
 * @param {string} dir
 */
export async function takeSnapshots(started, dir) {
  const before = new Set(readdirSync(dir));
  /** @type {Map<string, string>} process name -> snapshot file */
  const files = new Map();
  for (const handle of started) {
    handle.child.kill('SIGUSR2');
    // One at a time: writing a snapshot doubles a process's memory for a moment.
    const deadline = Date.now() + 120_000;
    let file;
    while (!file && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      file = readdirSync(dir).find(
        (name) =>
          !before.has(name) &&
          name.endsWith('.heapsnapshot') &&
          name.includes(`.${handle.child.pid}.`),
      );
    }
    if (!file) {
      console.log(`${handle.name}: no heap snapshot within 120 s`);
      continue;
    }
    // Complete once its size stops changing.
    let size = -1;
    while (size !== statSync(path.join(dir, file)).size) {
      size = statSync(path.join(dir, file)).size;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    files.set(handle.name, path.join(dir, file));
  }
  return files;
}

/**
 * The kinds of object that hold the most of a heap snapshot (self size by type and constructor).
 * @param {string} file
 */
export function summarizeSnapshot(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  /** @type {Map<string, number>} */
  const byKind = new Map();
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += width) {
    const type = types[snapshot.nodes[at + typeAt]];
    const size = snapshot.nodes[at + sizeAt];
    total += size;
    const name = snapshot.strings[snapshot.nodes[at + nameAt]];
    const kind =
      type === 'object' || type === 'native' || type === 'hidden'
        ? `${type} ${String(name).slice(0, 60)}`
        : `(${type})`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + size);
  }
  const top = [...byKind]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([kind, size]) => `${kind} ${(size / 2 ** 20).toFixed(1)}`);
  return { heapMiB: Math.round(total / 2 ** 20), top };
}

/**
 * The packages (or workspaces) whose files a process loaded during start-up, biggest first.
 * @param {string} file
 * @param {number} readyMs
 */
export function summarizeModules(file, readyMs) {
  /** @type {{ file: string, at: number, bytes: number }[]} */
  const modules = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {Map<string, { files: number, bytes: number, later: number }>} */
  const byPackage = new Map();
  for (const module of modules) {
    const inPackage = module.file.split('node_modules/').at(-1) ?? module.file;
    const parts = inPackage.split('/');
    const isPackage = module.file.includes('node_modules/');
    const name = isPackage
      ? parts[0]?.startsWith('@')
        ? `${parts[0]}/${parts[1]}`
        : String(parts[0])
      : parts.slice(0, 3).join('/');
    const entry = byPackage.get(name) ?? { files: 0, bytes: 0, later: 0 };
    if (module.at <= readyMs) {
      entry.files += 1;
      entry.bytes += module.bytes;
    } else entry.later += 1;
    byPackage.set(name, entry);
  }
  const atStart = modules.filter((m) => m.at <= readyMs);
  return {
    files: atStart.length,
    mib: (atStart.reduce((sum, m) => sum + m.bytes, 0) / 2 ** 20).toFixed(1),
    later: modules.length - atStart.length,
    top: [...byPackage]
      .filter(([, entry]) => entry.files > 0)
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, 14)
      .map(([name, entry]) => `${name} ${(entry.bytes / 1024).toFixed(0)}K/${entry.files}`),
  };
}

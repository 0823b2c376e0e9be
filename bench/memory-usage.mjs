// Preloaded into each process by `bench/memory.mjs --usage DIR` (`node --import` this file):
// every 5 s writes what the process's memory is made of to DIR/<BENCH_PROCESS_NAME>.usage.json:
// process.memoryUsage() (RSS, V8 heap total and used, external, array buffers), V8's heap
// statistics (malloced memory, the heap's free resident pages, each space's size) and the resident anonymous memory from /proc, so the bench
// can tell the V8 heap from Buffers and from what malloc keeps. Diagnosis only: the timer wakes
// the process every 5 s, so the bench's figures for the record are taken without it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const dir = process.env.BENCH_USAGE_DIR;
const name = process.env.BENCH_PROCESS_NAME ?? String(process.pid);
const MiB = 1024 * 1024;

/** @param {number} bytes */
const mib = (bytes) => Math.round((bytes / MiB) * 10) / 10;

function anonymousMiB() {
  try {
    const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
    return mib(Number(/Anonymous:\s+(\d+)/.exec(rollup)?.[1] ?? 0) * 1024);
  } catch {
    return 0;
  }
}

function write() {
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, mib(space.space_size)]),
  );
  const figures = {
    at: Date.now(),
    rss: mib(usage.rss),
    anonymous: anonymousMiB(),
    heapTotal: mib(usage.heapTotal),
    heapUsed: mib(usage.heapUsed),
    external: mib(usage.external),
    arrayBuffers: mib(usage.arrayBuffers),
    malloced: mib(heap.malloced_memory),
    peakMalloced: mib(heap.peak_malloced_memory),
    heapFree: mib(heap.total_physical_size - heap.used_heap_size),
    spaces,
  };
  writeFileSync(path.join(String(dir), `${name}.usage.json`), JSON.stringify(figures));
}

if (dir) setInterval(write, 5000).unref();

// Benchmark: the video worker's memory while it uploads a video to Gemini. Prints, for one file
// (1 GiB by default, sparse: zeros that take no disk), the peak resident memory (RSS) of a process
// that uploads it with the worker's resumable upload (8 MiB chunks) to the fake Gemini server of
// the tests, which runs in another process (this one) and only counts and hashes what it gets.
// With --sdk, the same for the Gemini SDK's uploadFile, which the worker used before (it reads
// the whole file into memory; the fake server refuses its request once it has been built).
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/gemini-upload.mjs [--mib 1024] [--sdk]
//
// Runs the worker's TypeScript sources directly (Node 24 strips the types); needs no build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} file */
const src = (file) => pathToFileURL(path.join(repoRoot, 'workers/video/src', file)).href;
const MiB = 2 ** 20;
const { values: args } = parseArgs({
  options: {
    mib: { type: 'string', default: '1024' },
    sdk: { type: 'boolean', default: false },
    child: { type: 'string' },
    file: { type: 'string' },
    url: { type: 'string' },
  },
});

if (args.child) {
  // The uploading process: only the upload runs here, as in the worker.
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = Date.now();
  let outcome = 'uploaded';
  try {
    if (args.child === 'resumable') {
      const { uploadResumable } = await import(src('steps/resumable-upload.ts'));
      await uploadResumable({
        baseUrl: args.url,
        apiKey: 'bench',
        path: args.file,
        mimeType: 'video/mp4',
        displayName: 'video',
        requestTimeoutMs: 600_000,
      });
    } else {
      const { GoogleAIFileManager } = await import('@google/generative-ai/server');
      await new GoogleAIFileManager('bench', { baseUrl: args.url }).uploadFile(String(args.file), {
        mimeType: 'video/mp4',
        displayName: 'video',
      });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    outcome = `refused (${message.slice(0, 80)})`;
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ before, peak, ms: Date.now() - started, outcome }));
  process.exit(0);
}

const { FakeGemini } = await import(src('test-support/fake-gemini.ts'));
const size = Number(args.mib) * MiB;
const folder = mkdtempSync(path.join(tmpdir(), 'bench-gemini-'));
const file = path.join(folder, 'video.mp4');
writeFileSync(file, '');
truncateSync(file, size);
const gemini = new FakeGemini();
const url = await gemini.start();

/**
 * @param {string} mode
 * @returns {Promise<{ before: number, peak: number, ms: number, outcome: string }>}
 */
function measure(mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', mode, '--file', file, '--url', url],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        cwd: path.join(repoRoot, 'workers/video'),
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'))
        : reject(new Error(`child exited ${code}: ${out}`)),
    );
  });
}

try {
  console.log(
    `Upload of a ${size / MiB} MiB video to the fake Gemini server (node ${process.version})`,
  );
  const modes = args.sdk ? ['resumable', 'sdk'] : ['resumable'];
  for (const mode of modes) {
    const result = await measure(mode);
    const upload = gemini.uploads.at(-1);
    const rate = size / MiB / (result.ms / 1000);
    console.log(
      `  ${mode.padEnd(9)} RSS ${Math.round(result.before / MiB)} MiB at start, peak ${Math.round(result.peak / MiB)} MiB; ` +
        `${result.ms} ms (${rate.toFixed(0)} MiB/s); ${result.outcome}` +
        (mode === 'resumable' && upload
          ? `; server received ${upload.receivedBytes / MiB} MiB in ${upload.chunks.length} chunks`
          : ''),
    );
  }
} finally {
  await gemini.stop();
  rmSync(folder, { recursive: true, force: true });
}

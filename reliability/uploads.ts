import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { scannedPdf } from '../workers/pdf/src/test-support/scanned-pdf.js';
import type { Api } from '../e2e/records.js';
import type { RunningStack } from '../e2e/stack.js';

/** Files the reliability suite uploads, and the uploads themselves, through the real API. */

const FIXTURES = fileURLToPath(new URL('../../shared/fixtures/pdfs/', import.meta.url));

/** A real paper of 14 pages from the pdf.js corpus: a few seconds of work for the PDF worker. */
export const paperPdf = () => readFileSync(join(FIXTURES, 'tracemonkey.pdf'));

/** The cooling SOP repeated as `sections` numbered procedures: a long evaluation to generate. */
export function longSopPdf(sections: number): Buffer {
  const lines: string[] = [];
  for (let section = 1; section <= sections; section += 1) {
    // Each line its own: the generator refuses an evaluation that asks the same question twice.
    lines.push(...COOLING_SOP.map((line) => `${line} (part ${section})`));
  }
  return sopPdf(lines);
}

/** The short cooling SOP, as a supervisor uploads it. */
export const coolingSopPdf = () => sopPdf(COOLING_SOP);

/**
 * A short scanned SOP: one small page, an image of three lines with no text layer, numbered so
 * that no two are alike. Each takes the PDF worker an OCR pass (around a second).
 */
export async function scannedSopPdf(copy: number): Promise<Buffer> {
  const lines = [`Scanned cooling SOP, copy ${copy}`, COOLING_SOP[1]!, COOLING_SOP[2]!];
  return Buffer.from(await scannedPdf([lines], { widthIn: 7.5, heightIn: 2 }));
}

/** A synthetic H.264 MP4 (ffmpeg's test pattern) of `seconds`, small and quick to make. */
export function testVideo(seconds: number): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=10:duration=${seconds}`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', 'frag_keyframe+empty_moov'],
      ...['-f', 'mp4', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
}

async function postForm(stack: RunningStack, api: Api, path: string, form: FormData) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { cookie: api.cookie },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as { id: number };
}

/** Uploads a PDF (fields before the file, as the gateway wants them); answers its id. */
export async function uploadDocument(stack: RunningStack, api: Api, title: string, pdf: Buffer) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'sop.pdf');
  return (await postForm(stack, api, '/api/library/documents/upload', form)).id;
}

/** Uploads an MP4; answers its id. */
export async function uploadVideo(stack: RunningStack, api: Api, title: string, mp4: Buffer) {
  const form = new FormData();
  form.append('title', title);
  form.append('recordingDate', new Date().toISOString());
  form.append('file', new Blob([new Uint8Array(mp4)], { type: 'video/mp4' }), 'shift.mp4');
  return (await postForm(stack, api, '/api/videos/upload', form)).id;
}

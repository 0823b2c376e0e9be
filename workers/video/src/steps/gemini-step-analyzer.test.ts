import { FAILURE_REASONS } from '@hub/proto/jobs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGemini } from '../test-support/fake-gemini.ts';
import {
  GoogleGenerativeAIRequestInputError,
  GoogleGenerativeAIResponseError,
} from '@google/generative-ai';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GeminiStepAnalyzer, providerFailure } from './gemini-step-analyzer.ts';

const folder = mkdtempSync(join(tmpdir(), 'gemini-steps-'));
const gemini = new FakeGemini();
let analyzer: GeminiStepAnalyzer;
const sops = [{ sopId: 11, sopTitle: 'Hand washing', text: '1. Wet hands.' }];

beforeAll(async () => {
  const baseUrl = await gemini.start();
  analyzer = new GeminiStepAnalyzer({
    apiKey: 'test-key',
    model: 'gemini-test',
    baseUrl: `${baseUrl}/`,
    pollIntervalMs: 20,
    uploadChunkBytes: 256 * 1024,
  });
});
afterAll(async () => {
  await gemini.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('step analysis with Gemini', () => {
  it('uploads the video in chunks, waits until it is ready, asks, and deletes it', async () => {
    const videoPath = join(folder, 'video.mp4');
    writeFileSync(videoPath, randomBytes(600 * 1024));
    const summary = 'Hands were washed.';
    gemini.reply(FakeGemini.answer({ sops: [{ sopId: 11, sopTitle: 'x', summary, steps: [] }] }));

    const findings = await analyzer.analyse({
      videoPath,
      mimeType: 'video/mp4',
      prompt: 'Be strict.',
      sops,
    });

    expect(findings).toEqual([{ sopId: 11, sopTitle: 'Hand washing', summary, steps: [] }]);
    expect(gemini.uploads.at(-1)).toMatchObject({
      receivedBytes: 600 * 1024,
      chunks: [256 * 1024, 256 * 1024, 88 * 1024],
      mimeType: 'video/mp4',
    });
    const paths = gemini.calls.map((call) => `${call.method} ${call.path.replace(/\?.*/, '')}`);
    expect(paths).toEqual([
      'POST /upload/v1beta/files',
      'POST /upload/v1beta/files',
      'POST /upload/v1beta/files',
      'POST /upload/v1beta/files',
      'GET /v1beta/files/video1',
      'POST /v1beta/models/gemini-test:generateContent',
      'DELETE /v1beta/files/video1',
    ]);
    expect(gemini.calls.every((call) => call.apiKey === 'test-key')).toBe(true);
  });

  it('reports a refused upload in words', async () => {
    const videoPath = join(folder, 'refused.mp4');
    writeFileSync(videoPath, randomBytes(1000));
    gemini.failChunks(403);
    await expect(
      analyzer.analyse({ videoPath, mimeType: 'video/mp4', prompt: '', sops }),
    ).rejects.toMatchObject({
      name: 'VideoFailure',
      retryable: false,
      message: `The AI provider refused the upload (HTTP 403): ${FAILURE_REASONS.ai_said_no_access}`,
    });
  });
});

describe("the AI provider's errors that are not a connection's", () => {
  it('are not said as a network failure (a blocked answer reached the provider)', () => {
    const blocked = new GoogleGenerativeAIResponseError('Candidate was blocked due to SAFETY');
    expect(providerFailure(blocked)).toBe(blocked);
  });
});

describe("the AI provider's errors that are not a connection's", () => {
  it('a request the SDK would not send is ours to fix, said so', () => {
    const invalid = new GoogleGenerativeAIRequestInputError('Must provide a mimeType.');
    expect(providerFailure(invalid)).toMatchObject({
      name: 'VideoFailure',
      retryable: false,
      message: `The video could not be analysed: ${FAILURE_REASONS.ai_request_invalid}`,
    });
  });
});

/**
 * The fake provider behind a server that cuts the connection of the request to generate (before
 * its answer, or within it) and passes every other one on.
 */
async function cuttingGenerate(target: string, within: boolean): Promise<Server> {
  const server = createServer((request, response) => {
    if (/:generateContent/.test(request.url ?? '')) {
      if (!within) return request.socket.destroy();
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"candidates":', () => response.socket?.destroy());
      return;
    }
    const onward = httpRequest(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe("the AI provider not reached while asked, said by the socket's failure the SDK hides", () => {
  for (const within of [false, true]) {
    it(`a connection cut ${within ? 'within' : 'before'} the answer`, async () => {
      const target = new FakeGemini();
      const cutter = await cuttingGenerate(await target.start(), within);
      try {
        const videoPath = join(folder, `cut-${within}.mp4`);
        writeFileSync(videoPath, randomBytes(1000));
        const cut = new GeminiStepAnalyzer({
          apiKey: 'test-key',
          model: 'gemini-test',
          baseUrl: `http://127.0.0.1:${(cutter.address() as AddressInfo).port}`,
          pollIntervalMs: 20,
        });
        await expect(
          cut.analyse({ videoPath, mimeType: 'video/mp4', prompt: '', sops }),
        ).rejects.toMatchObject({
          name: 'VideoFailure',
          retryable: true,
          message: `The AI provider could not be reached: ${FAILURE_REASONS.network_reset}`,
        });
      } finally {
        await new Promise<void>((resolve) => cutter.close(() => resolve()));
        await target.stop();
      }
    });
  }
});

import { open } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { FileMetadataResponse } from '@google/generative-ai/server';
import { z } from 'zod';
import { aiRefusalCause, fileReadCause, logger, networkCause } from '@hub/runtime';
import { VideoFailure } from '../failures.ts';

const log = logger('gemini-upload');

/** Chunks other than the last must be multiples of 256 KiB (Google's resumable protocol). */
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
const CHUNK_GRANULE = 256 * 1024;
/** A chunk that fails in transit (the network, 5xx, 429) is sent again this many times. */
const CHUNK_RETRIES = 3;

export interface ResumableUploadOptions {
  /** The API's base, e.g. https://generativelanguage.googleapis.com (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  path: string;
  mimeType: string;
  displayName: string;
  requestTimeoutMs: number;
  chunkBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Before each retry; tests shorten it. */
  retryDelayMs?: number;
}

const Uploaded = z.object({
  file: z.looseObject({ name: z.string().min(1), uri: z.string().min(1) }),
});

const ErrorBody = z.object({ error: z.object({ message: z.string() }) });

/** A refusal that another try may pass (overload, rate limit, a server error). */
class TransientUpload extends Error {}

const transient = (status: number) => status === 429 || status >= 500;

/**
 * The provider's refusal worded by its status; its own message (Google's error shape, or the text
 * as it came) is logged.
 */
async function refusal(response: Response): Promise<VideoFailure | TransientUpload> {
  const text = await response.text().catch(() => '');
  let said = text.trim().slice(0, 300) || response.statusText;
  try {
    said = ErrorBody.parse(JSON.parse(text)).error.message;
  } catch {
    // Not Google's error shape: the text as it came.
  }
  log.warn({ status: response.status, said }, 'AI provider refused the upload');
  const message = `The AI provider refused the upload (HTTP ${response.status}): ${aiRefusalCause(response.status)}`;
  return transient(response.status) ? new TransientUpload(message) : new VideoFailure(message);
}

/**
 * Uploads a file to Gemini's Files API with its resumable protocol, one chunk at a time read from
 * disk into one reused buffer: the worker holds one chunk of the video, never the whole file
 * (Gemini takes videos up to 2 GB). A chunk lost in transit is sent again from the offset the
 * server says it holds.
 */
export async function uploadResumable(
  options: ResumableUploadOptions,
): Promise<FileMetadataResponse> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (chunkBytes % CHUNK_GRANULE !== 0)
    throw new Error('The chunk size must be a multiple of 256 KiB.');
  const file = await open(options.path, 'r').catch((error: unknown) => {
    throw unreadable(error, options.path);
  });
  try {
    const { size } = await file.stat().catch((error: unknown) => {
      throw unreadable(error, options.path);
    });
    const session = await startSession(options, size);
    const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(size, 1)));
    let offset = 0;
    for (let failures = 0; ;) {
      const length = Math.min(chunk.length, size - offset);
      const last = offset + length >= size;
      // Read apart from the sending: the worker's disk failing is no network's failure, and no
      // other try of the chunk reads it better.
      const { bytesRead } = await file.read(chunk, 0, length, offset).catch((error: unknown) => {
        throw unreadable(error, options.path);
      });
      if (bytesRead !== length)
        throw new VideoFailure('The video changed while it was uploaded.', true);
      try {
        const response = await send(
          options,
          session,
          {
            'x-goog-upload-command': last ? 'upload, finalize' : 'upload',
            'x-goog-upload-offset': String(offset),
          },
          chunk.subarray(0, length),
        );
        if (!response.ok) throw await refusal(response);
        if (last) return await uploadedFile(response);
        await response.body?.cancel();
        offset += length;
        failures = 0;
      } catch (error) {
        if (error instanceof VideoFailure || options.signal?.aborted) throw error;
        failures += 1;
        if (failures > CHUNK_RETRIES) throw lastFailure(error);
        await wait(options.retryDelayMs ?? 1000 * failures, options.signal);
        // Wherever the lost chunk ended, the server says how much it holds.
        offset = await received(options, session).catch((lost: unknown) => {
          throw lost instanceof VideoFailure ? lost : lastFailure(lost);
        });
      }
    }
  } finally {
    await file.close();
  }
}

/**
 * The worker's copy of the video it could not read, worded by the error's code; the path and
 * the system's words are logged. Retried: another attempt copies the video again.
 */
function unreadable(error: unknown, path: string): VideoFailure {
  log.warn({ err: error, path }, 'video copy not read for the upload');
  return new VideoFailure(`The video could not be read: ${fileReadCause(error)}`, true);
}

function lastFailure(error: unknown): VideoFailure {
  if (error instanceof TransientUpload) return new VideoFailure(error.message, true);
  log.warn({ err: error }, 'AI provider not reached during the upload');
  return new VideoFailure(
    `The AI provider could not be reached during the upload: ${networkCause(error)}`,
    true,
  );
}

function timeoutSignal(options: ResumableUploadOptions): AbortSignal {
  const timeout = AbortSignal.timeout(options.requestTimeoutMs);
  return options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
}

async function startSession(options: ResumableUploadOptions, size: number): Promise<string> {
  const response = await fetch(`${options.baseUrl}/upload/v1beta/files`, {
    method: 'POST',
    headers: {
      'x-goog-api-key': options.apiKey,
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
      'x-goog-upload-header-content-type': options.mimeType,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ file: { display_name: options.displayName } }),
    signal: timeoutSignal(options),
  }).catch((error: unknown) => {
    throw lastFailure(error);
  });
  if (!response.ok) {
    const failure = await refusal(response);
    throw failure instanceof TransientUpload ? lastFailure(failure) : failure;
  }
  await response.body?.cancel();
  const session = response.headers.get('x-goog-upload-url');
  if (!session)
    throw new VideoFailure('The AI provider gave no address to upload the video to.', true);
  return session;
}

/**
 * One request of the upload session. Through node:http rather than fetch, which copies every
 * body it is given: the chunk goes from its buffer to the socket as it is.
 */
function send(
  options: ResumableUploadOptions,
  session: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<Response> {
  const url = new URL(session);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          'x-goog-api-key': options.apiKey,
          'content-length': String(body?.byteLength ?? 0),
          ...headers,
        },
        signal: timeoutSignal(options),
      },
      (incoming) => resolve(toResponse(incoming)),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function toResponse(incoming: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const status = incoming.statusCode ?? 0;
  return new Response(status === 204 ? null : (Readable.toWeb(incoming) as ReadableStream), {
    status,
    statusText: incoming.statusMessage ?? '',
    headers,
  });
}

/** How many bytes of the upload the server holds, after a chunk was lost. */
async function received(options: ResumableUploadOptions, session: string): Promise<number> {
  const response = await send(options, session, { 'x-goog-upload-command': 'query' });
  if (!response.ok) throw await refusal(response);
  await response.body?.cancel();
  const held = Number(response.headers.get('x-goog-upload-size-received'));
  if (!Number.isSafeInteger(held) || held < 0) {
    throw new TransientUpload('The AI provider did not say how much of the video it holds.');
  }
  return held;
}

async function uploadedFile(response: Response): Promise<FileMetadataResponse> {
  const parsed = Uploaded.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    throw new VideoFailure('The AI provider did not describe the uploaded video.', true);
  }
  return parsed.data.file as unknown as FileMetadataResponse;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('Aborted'));
      },
      { once: true },
    );
  });

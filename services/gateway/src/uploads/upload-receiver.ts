import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MIME_BY_KIND, plainText, type UploadRule } from '@hub/proto';
import { type ObjectStorage, SNIFF_BYTES, sniffFileKind } from '@hub/kit';
import { STORAGE } from './storage.token.js';
import { validationRefusal } from '../http/validation-refusal.js';

export interface ReceivedUpload<F> {
  key: string;
  /** The name the browser gave the file, for display only. */
  fileName: string;
  kind: string;
  size: number;
  fields: F;
}

class TooLarge extends Error {}

/** Passes bytes through and fails the stream as soon as more than `max` have gone by. */
class SizeLimit extends Transform {
  private seen = 0;

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) done(new TooLarge());
    else done(null, chunk);
  }
}

/**
 * The name the browser gave the file, for display only: without control, bidi or zero-width
 * characters (a U+202E can make "x\u202Efdp.exe" read as "xexe.pdf").
 */
export function displayName(filename: string | undefined): string {
  return [...plainText(filename ?? '').trim()].slice(0, 255).join('') || 'upload';
}

/**
 * Reads at least `count` bytes (fewer at the end of the stream) and answers them with the whole
 * file to read from: the stream with them put back, or them alone when the stream ended.
 */
async function peek(stream: Readable, count: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < count && !stream.readableEnded) {
    const chunk = stream.read() as Buffer | null;
    if (chunk) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    const settled = new AbortController();
    try {
      await Promise.race([
        once(stream, 'readable', { signal: settled.signal }),
        once(stream, 'end', { signal: settled.signal }),
      ]);
    } finally {
      // Leaves no 'readable' listener behind: it would keep the stream from flowing later.
      settled.abort();
    }
  }
  const head = Buffer.concat(chunks);
  // A stream past its 'end' takes nothing back (unshift is dropped without an error): a file
  // shorter than `count` was stored empty, a 12-byte CSV refused as "The file is empty."
  if (stream.readableEnded) return { head, whole: Readable.from([head], { objectMode: false }) };
  if (head.length > 0) stream.unshift(head);
  return { head, whole: stream };
}

/**
 * The rest of a refused upload read and dropped before the refusal is sent: a client still
 * sending (the 11th of 10 MB) otherwise saw its connection reset instead of the 413 and its
 * message, on a loaded machine. At most the upload's own limit more is read, then the
 * connection is closed: nobody holds the gateway reading an endless body.
 */
async function drainRefused(raw: IncomingMessage, limit: number): Promise<void> {
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  let drained = 0;
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) raw.destroy();
  };
  raw.on('data', onData);
  raw.resume();
  await finished(raw).catch(() => undefined);
  raw.off('data', onData);
}

/**
 * Streams one multipart file straight into object storage: its kind is checked on the first
 * bytes and its size while it flows, so nothing is buffered whole and a bad file stops early.
 * Fields must come before the file; they are validated before any byte is stored, and a field
 * after the file refuses the upload (400 naming it) instead of being dropped.
 */
@Injectable()
export class UploadReceiver {
  private readonly logger = new Logger('Uploads');

  constructor(@Inject(STORAGE) private readonly storage: ObjectStorage) {}

  async receive<F extends z.ZodType>(
    request: FastifyRequest,
    rule: UploadRule<F>,
    keyFor: (kind: string, fields: z.output<F>) => Promise<string>,
  ): Promise<ReceivedUpload<z.output<F>>> {
    if (!request.isMultipart()) throw new BadRequestException(rule.messages.missing);
    const fields: Record<string, string> = {};
    const parts = request.parts({
      limits: { fileSize: rule.maxBytes + 1, files: 1, fields: 20, fieldSize: 64 * 1024 },
    });
    let received: ReceivedUpload<z.output<F>> | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (received) await this.refuseLateField(received.key, part.fieldname);
          fields[part.fieldname] = String(part.value);
        } else if (received || part.fieldname !== rule.fileField) {
          part.file.resume();
        } else {
          const stored = await this.store(part.file, rule, this.validFields(rule, fields), keyFor);
          received = { ...stored, fileName: displayName(part.filename) };
        }
      }
    } catch (error) {
      await drainRefused(request.raw, rule.maxBytes);
      throw error;
    }
    if (!received) throw new BadRequestException(rule.messages.missing);
    return received;
  }

  /**
   * The file is streamed to storage as it arrives, after its fields were validated: a field sent
   * after it would go unchecked and unused, so the whole upload is refused, naming the field.
   */
  private async refuseLateField(key: string, field: string): Promise<never> {
    await this.storage
      .remove(key)
      .catch((error: unknown) => this.logger.warn(`could not remove ${key}: ${String(error)}`));
    throw new BadRequestException({
      message: `The field "${field}" must be sent before the file.`,
      field,
    });
  }

  private validFields<F extends z.ZodType>(rule: UploadRule<F>, fields: Record<string, string>) {
    if (!rule.fields) return fields as z.output<F>;
    const parsed = rule.fields.safeParse(fields);
    if (parsed.success) return parsed.data as z.output<F>;
    throw validationRefusal(parsed.error);
  }

  private async store<F>(
    file: Readable,
    rule: UploadRule,
    fields: F,
    keyFor: (kind: string, fields: F) => Promise<string>,
  ): Promise<Omit<ReceivedUpload<F>, 'fileName'>> {
    const { head, whole } = await peek(file, SNIFF_BYTES);
    const kind = head.length > 0 ? sniffFileKind(head) : null;
    if (head.length === 0) throw this.refuse(file, new BadRequestException(rule.messages.missing));
    if (!kind || !rule.kinds.includes(kind))
      throw this.refuse(file, new BadRequestException(rule.messages.wrongKind));
    const key = await keyFor(kind, fields).catch((error: unknown) => {
      throw this.refuse(file, error);
    });
    const limited = whole.pipe(new SizeLimit(rule.maxBytes));
    // pipe() does not pass errors on: a browser that goes away must fail the store, not stall it.
    file.once('error', (error) => limited.destroy(error));
    try {
      const stored = await this.storage.put(
        key,
        limited,
        MIME_BY_KIND[kind] ?? 'application/octet-stream',
      );
      return { key, kind, size: stored.size, fields };
    } catch (error) {
      file.resume();
      await this.storage
        .remove(key)
        .catch((cleanup: unknown) =>
          this.logger.warn(`could not remove ${key}: ${String(cleanup)}`),
        );
      if (
        error instanceof TooLarge ||
        (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
      ) {
        throw new HttpException(rule.messages.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
      }
      throw error;
    }
  }

  /** Drains what is left of a refused file so the connection can answer at once. */
  private refuse(file: Readable, error: unknown): unknown {
    file.resume();
    return error;
  }
}

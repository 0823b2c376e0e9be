import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectStorage } from '@hub/kit';
import { STORAGE } from '../uploads/storage.token.js';
import { parseByteRange } from './byte-range.js';

/** Sends a stored object, honouring HTTP Range so players and PDF viewers can seek. */
@Injectable()
export class StoredFileReply {
  constructor(@Inject(STORAGE) private readonly storage: ObjectStorage) {}

  async send(request: FastifyRequest, reply: FastifyReply, key: string, fileName?: string) {
    const stored = await this.storage.stat(key);
    if (!stored) throw new NotFoundException('File not found');
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', stored.contentType)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      // The web app shows PDFs in a frame of its own pages; nothing stored may run or load anything.
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN');
    if (fileName)
      reply.header(
        'content-disposition',
        `inline; filename="${fileName.replace(/[^\w.\- ]/g, '_')}"`,
      );
    const range = parseByteRange(request.headers.range, stored.size);
    if (range === 'invalid') {
      return reply.status(416).header('content-range', `bytes */${stored.size}`).send();
    }
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(await this.storage.getRange(key, range.start, range.end));
    }
    return reply.header('content-length', stored.size).send(await this.storage.get(key));
  }
}

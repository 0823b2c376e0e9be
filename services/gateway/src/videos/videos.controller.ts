import { BadRequestException, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  EXTENSION_BY_KIND,
  LinkedSopChoice,
  type LinkedSop,
  VIDEO_UPLOAD,
  videoRpc,
} from '@hub/proto';
import { newObjectKey, type ObjectStorage, RpcClient } from '@hub/kit';
import { z } from 'zod';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { StoredFileReply } from '../files/stored-file-reply.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';

/** The upload dialog sends linked SOPs as a JSON list of {sopId, sopTitle}. */
export function parseLinkedSops(raw: string): LinkedSop[] {
  try {
    return z
      .array(LinkedSopChoice)
      .max(20)
      .parse(JSON.parse(raw || '[]'));
  } catch {
    throw new BadRequestException({
      message: 'Linked SOPs must be a list of {sopId, sopTitle}.',
      field: 'linkedSops',
    });
  }
}

/** The recording date as the database keeps it (the upload's fields refused what it cannot store). */
export function recordedAtOf(raw: string): string {
  return new Date(raw).toISOString();
}

@Controller()
export class VideosController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(StoredFileReply) private readonly files: StoredFileReply,
  ) {}

  /** Streams the video straight into storage (type by content, 2 GB checked while it flows). */
  @Endpoint(api.uploadVideo)
  async upload(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    let linkedSops: LinkedSop[] = [];
    let recordedAt = '';
    const upload = await this.uploads.receive(request, VIDEO_UPLOAD, async (kind, fields) => {
      linkedSops = parseLinkedSops(fields.linkedSops);
      recordedAt = recordedAtOf(fields.recordingDate);
      return newObjectKey(actor.organizationId, 'videos', EXTENSION_BY_KIND[kind]!);
    });
    try {
      return await this.rpc.call(videoRpc.create, {
        actor,
        title: upload.fields.title,
        description: upload.fields.description,
        recordedAt,
        linkedSops,
        storageKey: upload.key,
        fileName: upload.fileName,
        fileSize: upload.size,
      });
    } catch (error) {
      await this.storage.remove(upload.key);
      throw error;
    }
  }

  /** A supervisor's confirmation, rejection or naming of one face of the report. */

  @Endpoint(api.videoStream)
  async stream(
    @CurrentActor() actor: Actor,
    @Param() params: { key: string },
    @Req() request: GuardedRequest,
    @Res() reply: FastifyReply,
  ) {
    const { key } = await this.rpc.call(videoRpc.streamKey, { actor, key: params.key });
    return this.files.send(request, reply, key);
  }
}

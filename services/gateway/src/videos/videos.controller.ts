import { BadRequestException, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  ERROR_TEXTS,
  EXTENSION_BY_KIND,
  LinkedSopChoice,
  type LinkedSop,
  type RpcRequest,
  type UploadRule,
  type Video,
  VIDEO_UPLOAD,
  type VideoUploadFields,
  videoRpc,
} from '@hub/proto';
import { newObjectKey, type ObjectStorage, RpcCallError, RpcClient } from '@hub/kit';
import { z } from 'zod';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
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

/** The video service's create asked this many times before the upload is told it is unconfirmed. */
const CREATE_ASKS = 2;

/**
 * No answer (the wait ran out, or Redis or the service's database away): the service may have
 * done it anyway. Any other failure is the service's refusal, made before it recorded anything.
 */
const unanswered = (error: unknown) =>
  error instanceof RpcCallError && error.failure.kind === 'unavailable';

@Controller()
export class VideosController {
  private readonly rule: UploadRule<typeof VideoUploadFields>;
  /** Each create ask's wait; undefined: the RPC client's own (RPC_TIMEOUT_MS). */
  private readonly createTimeoutMs: number | undefined;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(StoredFileReply) private readonly files: StoredFileReply,
    @Inject(GATEWAY_CONFIG)
    config: Pick<GatewayConfig, 'VIDEO_UPLOAD_MAX_BYTES' | 'VIDEO_CREATE_TIMEOUT_MS'>,
  ) {
    this.rule = { ...VIDEO_UPLOAD, maxBytes: config.VIDEO_UPLOAD_MAX_BYTES };
    this.createTimeoutMs = config.VIDEO_CREATE_TIMEOUT_MS;
  }

  /** Streams the video straight into storage (type by content, size checked while it flows). */
  @Endpoint(api.uploadVideo)
  async upload(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    let linkedSops: LinkedSop[] = [];
    let recordedAt = '';
    const upload = await this.uploads.receive(request, this.rule, async (kind, fields) => {
      linkedSops = parseLinkedSops(fields.linkedSops);
      recordedAt = recordedAtOf(fields.recordingDate);
      return newObjectKey(actor.organizationId, 'videos', EXTENSION_BY_KIND[kind]!);
    });
    return this.create({
      actor,
      title: upload.fields.title,
      description: upload.fields.description,
      recordedAt,
      linkedSops,
      storageKey: upload.key,
      fileName: upload.fileName,
      fileSize: upload.size,
    });
  }

  /**
   * The stored file's video, asked again when an ask got no answer: the video service may have
   * recorded it all the same, and its create answers the video of a storage key it has. The
   * file goes only when the service refused the first ask; after an ask with no answer it stays,
   * as that ask's create may yet commit and need it, even where a later ask is refused (its SOP
   * deleted meanwhile): a file with no video is only stored bytes, a video with no file fails to
   * play and to be analysed.
   */
  private async create(request: RpcRequest<typeof videoRpc.create>): Promise<Video> {
    for (let ask = 1; ; ask += 1) {
      try {
        return await this.rpc.call(videoRpc.create, request, this.createTimeoutMs);
      } catch (error) {
        if (!unanswered(error)) {
          if (ask === 1) await this.storage.remove(request.storageKey);
          throw error;
        }
        if (ask === CREATE_ASKS) {
          throw new RpcCallError({
            kind: 'unavailable',
            message: ERROR_TEXTS.video_upload_unconfirmed,
          });
        }
      }
    }
  }

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

import { Body, Controller, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Actor, api, type NameUnknownPersonRequest, videoRpc } from '@hub/proto';
import { type ObjectStorage, RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { STORAGE } from '../uploads/storage.token.js';

/**
 * Naming reviews every face of the person, a hundred videos' faces a transaction (2,000 faces
 * took under a second in a test): the wait leaves room for a person seen for years.
 */
const NAMING_TIMEOUT_MS = 60_000;

type PersonParam = { id: number };

/** Unknown people of the organization's videos; the video service scopes them to it. */
@Controller()
export class UnknownPeopleController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Endpoint(api.nameUnknownPerson)
  name(
    @CurrentActor() actor: Actor,
    @Param() params: PersonParam,
    @Body() body: NameUnknownPersonRequest,
  ) {
    return this.rpc.relay(
      videoRpc.nameUnknownPerson,
      { actor, personId: params.id, userId: body.userId },
      NAMING_TIMEOUT_MS,
    );
  }

  @Endpoint(api.unknownFaceThumbnail)
  async thumbnail(
    @CurrentActor() actor: Actor,
    @Param() params: { faceId: number },
    @Res() reply: FastifyReply,
  ) {
    const { storageKey } = await this.rpc.call(videoRpc.unknownFaceThumbnail, {
      actor,
      faceId: params.faceId,
    });
    const stored = await this.storage.stat(storageKey);
    if (!stored) throw new NotFoundException('Face not found.');
    return reply
      .type('image/jpeg')
      .header('content-length', stored.size)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(await this.storage.get(storageKey));
  }
}

import { Controller, Inject, Param } from '@nestjs/common';
import { type Actor, api, libraryRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { SignedLinks } from '../files/signed-links.js';

/** The caller's own SOPs, read-only: the library service checks each one is theirs. */
@Controller()
export class MySopsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SignedLinks) private readonly links: SignedLinks,
  ) {}

  @Endpoint(api.mySop)
  async get(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    const { file, ...sop } = await this.rpc.call(libraryRpc.mySop, {
      actor,
      documentId: params.id,
    });
    return { ...sop, pdf: this.links.create(file.key, file.fileName) };
  }

  @Endpoint(api.mySopImage)
  async image(@CurrentActor() actor: Actor, @Param() params: { id: number; imgId: string }) {
    const { key } = await this.rpc.call(libraryRpc.mySopImage, {
      actor,
      documentId: params.id,
      imageId: params.imgId,
    });
    const link = this.links.create(key);
    return { presignedUrl: link.url, expiresAt: link.expiresAt };
  }
}

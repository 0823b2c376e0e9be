import { Controller, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Actor, api, certificationRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { attachmentDisposition } from './attachment-disposition.js';

type IdParam = { id: number };

@Controller()
export class CertificationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.certificatePdf)
  async certificate(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.rpc.call(certificationRpc.certificate, {
      actor,
      certificationId: params.id,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.pdfBase64, 'base64'));
  }

  @Endpoint(api.verifyCertification)
  verify(@Param() params: { code: string }) {
    return this.rpc.relay(certificationRpc.verify, { code: params.code });
  }
}

import { Body, Controller, HttpCode, Inject, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  certificationRpc,
  type CertificationListQuery,
  type RevokeCertificationRequest,
  type SaveCertificationDefaults,
  type SaveSopValidity,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

type IdParam = { id: number };

@Controller()
export class CertificationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.certifications)
  list(@CurrentActor() actor: Actor, @Query() filter: CertificationListQuery) {
    return this.rpc.relay(certificationRpc.list, { actor, filter });
  }

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
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.pdfBase64, 'base64'));
  }

  @Endpoint(api.verifyCertification)
  verify(@Param() params: { code: string }) {
    return this.rpc.relay(certificationRpc.verify, { code: params.code });
  }

  @Endpoint(api.revokeCertification)
  @HttpCode(200)
  revoke(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Body() body: RevokeCertificationRequest,
  ) {
    return this.rpc.relay(certificationRpc.revoke, {
      actor,
      certificationId: params.id,
      reason: body.reason,
    });
  }

  @Endpoint(api.certificationSettings)
  settings(@CurrentActor() actor: Actor) {
    return this.rpc.relay(certificationRpc.settings, { actor });
  }

  @Endpoint(api.saveCertificationSettings)
  saveSettings(@CurrentActor() actor: Actor, @Body() body: SaveCertificationDefaults) {
    return this.rpc.relay(certificationRpc.saveDefaults, {
      actor,
      defaultValidityMonths: body.defaultValidityMonths,
    });
  }

  @Endpoint(api.saveSopValidity)
  saveSop(@CurrentActor() actor: Actor, @Param() params: IdParam, @Body() body: SaveSopValidity) {
    return this.rpc.relay(certificationRpc.saveSopValidity, {
      actor,
      documentId: params.id,
      validityMonths: body.validityMonths,
    });
  }
}

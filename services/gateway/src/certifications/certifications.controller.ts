import { createHash } from 'node:crypto';
import { Controller, HttpException, HttpStatus, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, api, certificationRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { clientNetwork } from '../auth/login-rate-limiter.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';
import { attachmentDisposition } from './attachment-disposition.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

type IdParam = { id: number };

@Controller()
export class CertificationsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(TokenRateLimiter) private readonly limiter: TokenRateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

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

  /**
   * Public: no session, so anyone may try codes. Each check, a wrong code as a right one, counts
   * against its client network's budget (an IPv6 client's /64, as the sign-in limits count it)
   * before the observation service is asked: guessing is bounded per address, shared by every
   * replica through Redis.
   */
  @Endpoint(api.verifyCertification)
  async verify(@Param() params: { code: string }, @Req() request: FastifyRequest) {
    const retryAfter = await this.limiter.retryAfter(
      'certificate-verify',
      digest(clientNetwork(request.ip)),
      this.config.CERTIFICATE_VERIFY_MAX_REQUESTS_PER_MINUTE,
    );
    if (retryAfter !== null) {
      throw new HttpException(
        {
          message: `Too many certificate checks from this address. Please retry in ${retryAfter} seconds.`,
          retryAfter,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return this.rpc.relay(certificationRpc.verify, { code: params.code });
  }
}

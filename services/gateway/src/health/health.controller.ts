import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { api } from '@hub/proto';
import { Endpoint } from '../http/endpoint.decorator.js';
import { HealthService } from './health.service.js';

@Controller()
export class HealthController {
  constructor(@Inject(HealthService) private readonly health: HealthService) {}

  @Endpoint(api.health)
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const health = await this.health.check();
    reply.status(health.status === 'ok' ? 200 : 503);
    return health;
  }
}

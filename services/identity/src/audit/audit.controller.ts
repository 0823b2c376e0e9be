import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest, organizationScope } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { AuditLogRepository } from './audit-log.repository.js';

type Req<K extends keyof typeof identityRpc> = RpcRequest<(typeof identityRpc)[K]>;

@Controller()
export class AuditController {
  constructor(private readonly log: AuditLogRepository) {}

  @RpcHandler(identityRpc.recordAudit)
  async record(@Payload() entry: Req<'recordAudit'>) {
    await this.log.append(entry);
    return { recorded: true };
  }

  /**
   * Super administrators read every organization's entries; administrators their own only,
   * without the super administrators' in the organization they belong to (membersMayRead).
   */
  @RpcHandler(identityRpc.auditLog)
  list(@Payload() { actor, page }: Req<'auditLog'>) {
    const organizationId = organizationScope(actor);
    return this.log.page(organizationId, page.cursor, page.limit);
  }
}

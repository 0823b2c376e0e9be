import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { exportRpc, type RpcRequest } from '@hub/proto';
import { readRecordBatch, requireOrganization, RpcHandler } from '@hub/kit';
import { IDENTITY_RECORD_KINDS } from './record-kinds.js';

@Controller()
export class ExportController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(exportRpc.identityRecords)
  records(@Payload() request: RpcRequest<typeof exportRpc.identityRecords>) {
    requireOrganization(request.actor, request.organizationId);
    const kind = IDENTITY_RECORD_KINDS[request.kind];
    return readRecordBatch(this.db, kind, request.organizationId, request.after, request.limit);
  }
}

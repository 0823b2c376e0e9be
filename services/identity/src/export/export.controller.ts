import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { exportRpc, type RpcRequest } from '@hub/proto';
import { answerRecordBatch, requireOrganization, RpcHandler } from '@hub/kit';
import { IDENTITY_RECORD_KINDS } from './record-kinds.js';
import { WithheldFilesRepository } from './withheld-files.repository.js';

@Controller()
export class ExportController {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(WithheldFilesRepository) private readonly withheld: WithheldFilesRepository,
  ) {}

  @RpcHandler(exportRpc.identityRecords)
  records(@Payload() request: RpcRequest<typeof exportRpc.identityRecords>) {
    return answerRecordBatch(this.db, IDENTITY_RECORD_KINDS, request);
  }

  @RpcHandler(exportRpc.identityWithheldFiles)
  async withheldFiles(@Payload() request: RpcRequest<typeof exportRpc.identityWithheldFiles>) {
    requireOrganization(request.actor, request.organizationId);
    return { keys: await this.withheld.superAdminFiles(request.organizationId) };
  }
}

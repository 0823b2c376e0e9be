import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { exportRpc, type RpcRequest } from '@hub/proto';
import { answerRecordBatch, RpcHandler } from '@hub/kit';
import { INTEGRATION_RECORD_KINDS } from './record-kinds.js';

@Controller()
export class ExportController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(exportRpc.integrationRecords)
  records(@Payload() request: RpcRequest<typeof exportRpc.integrationRecords>) {
    return answerRecordBatch(this.db, INTEGRATION_RECORD_KINDS, request);
  }
}

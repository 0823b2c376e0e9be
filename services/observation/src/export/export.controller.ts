import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { exportRpc, type RpcRequest } from '@hub/proto';
import { answerRecordBatch, RpcHandler } from '@hub/kit';
import { OBSERVATION_RECORD_KINDS } from './record-kinds.js';

@Controller()
export class ExportController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(exportRpc.observationRecords)
  records(@Payload() request: RpcRequest<typeof exportRpc.observationRecords>) {
    return answerRecordBatch(this.db, OBSERVATION_RECORD_KINDS, request);
  }
}

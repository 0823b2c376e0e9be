import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, skillsRpc } from '@hub/proto';
import { messages, RpcHandler } from '@hub/kit';
import { SkillsMatrixService } from './skills-matrix.service.js';

/** RpcHandler checks the contract's roles again; the service scopes to the actor's organization. */
@Controller()
export class SkillsMatrixController {
  constructor(private readonly matrix: SkillsMatrixService) {}

  @RpcHandler(skillsRpc.skillsMatrix)
  page(
    @Payload()
    { actor, query, pageSize, withTotals, sopPageSize }: RpcRequest<typeof skillsRpc.skillsMatrix>,
  ) {
    return this.matrix.page(actor, query, { pageSize, withTotals, sopPageSize });
  }

  @RpcHandler(skillsRpc.skillsMatrixCsv)
  csv(@Payload() { actor, query, language, rows }: RpcRequest<typeof skillsRpc.skillsMatrixCsv>) {
    return this.matrix.csvBatch(actor, query, messages(language).skillsMatrix, rows);
  }
}

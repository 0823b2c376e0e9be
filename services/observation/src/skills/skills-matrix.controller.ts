import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, skillsRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { SkillsMatrixService } from './skills-matrix.service.js';

/** The service checks the actor's role again and scopes to its organization. */
@Controller()
export class SkillsMatrixController {
  constructor(private readonly matrix: SkillsMatrixService) {}

  @RpcHandler(skillsRpc.skillsMatrix)
  page(
    @Payload()
    {
      actor,
      query,
      pageSize,
      withTotals,
      documentIds,
      sopPageSize,
      userIds,
      withRowIds,
    }: RpcRequest<typeof skillsRpc.skillsMatrix>,
  ) {
    return this.matrix.page(actor, query, {
      pageSize,
      withTotals,
      documentIds,
      sopPageSize,
      userIds,
      withRowIds,
    });
  }
}

import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, skillsRpc } from '@hub/proto';
import { logger, RpcClient, RpcHandler } from '@hub/kit';
import { RPC } from '../config.js';
import { personZone } from '../people/person-zone.js';
import { matrixTexts } from './skills-matrix-csv.js';
import { SkillsMatrixService } from './skills-matrix.service.js';

const log = logger('skills-matrix');

/** RpcHandler checks the contract's roles again; the service scopes to the actor's organization. */
@Controller()
export class SkillsMatrixController {
  constructor(
    private readonly matrix: SkillsMatrixService,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  @RpcHandler(skillsRpc.skillsMatrix)
  page(
    @Payload()
    { actor, query, pageSize, withTotals, sopPageSize }: RpcRequest<typeof skillsRpc.skillsMatrix>,
  ) {
    return this.matrix.page(actor, query, { pageSize, withTotals, sopPageSize });
  }

  /**
   * Answers once the export is checked (a refusal keeps its status), then writes the file to
   * the gateway's chunk stream, as fast as the download takes it.
   */
  @RpcHandler(skillsRpc.skillsMatrixCsv)
  async csv(
    @Payload() { actor, query, language, stream }: RpcRequest<typeof skillsRpc.skillsMatrixCsv>,
  ) {
    const timeZone = await personZone(this.rpc, actor.userId, 'the file');
    const write = await this.matrix.csvExport(actor, query, matrixTexts(language, timeZone));
    this.rpc
      .writeChunks(stream, write)
      .catch((error: unknown) => log.warn({ err: error }, 'skills matrix CSV not completed'));
    return {};
  }
}

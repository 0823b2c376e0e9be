import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, identityRpc, type RpcRequest, skillsRpc } from '@hub/proto';
import { logger, RpcClient, RpcHandler } from '@hub/kit';
import { RPC } from '../config.js';
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
    const timeZone = await this.readerZone(actor);
    const write = await this.matrix.csvExport(actor, query, matrixTexts(language, timeZone));
    this.rpc
      .writeChunks(stream, write)
      .catch((error: unknown) => log.warn({ err: error }, 'skills matrix CSV not completed'));
    return {};
  }

  /**
   * The zone the caller's dates fall in (their choice, else their device's as last known, else
   * their organization's default, else UTC), as identity answers it for every date the server
   * writes them; the gateway sends their language alone.
   */
  private async readerZone(actor: Actor): Promise<string> {
    const [reader] = await this.rpc.call(identityRpc.languagesOf, { userIds: [actor.userId] });
    // Someone identity no longer knows (removed meanwhile): UTC, as the file was dated before.
    return reader?.timeZone ?? 'UTC';
  }
}

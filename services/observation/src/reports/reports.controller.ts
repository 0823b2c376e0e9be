import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { insightsRpc, type RpcRequest } from '@hub/proto';
import { logger, RpcClient, RpcHandler } from '@hub/kit';
import { RPC } from '../config.js';
import { ExportsService } from './exports.service.js';
import { InsightPagesService } from './insight-pages.service.js';
import { InsightsService } from './insights.service.js';

const log = logger('reports');

type Req<K extends keyof typeof insightsRpc> = RpcRequest<(typeof insightsRpc)[K]>;

/** RpcHandler checks each contract's roles again; each service method scopes to the actor's organization. */
@Controller()
export class ReportsController {
  constructor(
    private readonly insightsService: InsightsService,
    private readonly exportsService: ExportsService,
    private readonly pagesService: InsightPagesService,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  @RpcHandler(insightsRpc.observationInsights)
  insights(@Payload() { actor }: Req<'observationInsights'>) {
    return this.insightsService.insights(actor);
  }

  /** Answers at once (the roles are checked), then writes the file to the gateway's stream. */
  @RpcHandler(insightsRpc.observationHistoryCsv)
  observationHistoryCsv(@Payload() { actor, stream, language }: Req<'observationHistoryCsv'>) {
    this.rpc
      .writeChunks(stream, (writer) =>
        this.exportsService.writeObservationHistoryCsv(actor, writer, language),
      )
      .catch((error: unknown) => log.warn({ err: error }, 'observation history CSV not completed'));
    return {};
  }

  @RpcHandler(insightsRpc.recordExport)
  recordExport(@Payload() { actor, kind, rows }: Req<'recordExport'>) {
    return this.exportsService.recordExport(actor, kind, rows);
  }

  @RpcHandler(insightsRpc.observationPage)
  observationPage(@Payload() { actor, query }: Req<'observationPage'>) {
    return this.pagesService.observations(actor, query);
  }

  @RpcHandler(insightsRpc.certificationPage)
  certificationPage(@Payload() { actor }: Req<'certificationPage'>) {
    return this.pagesService.certifications(actor);
  }

  @RpcHandler(insightsRpc.progressPage)
  progressPage(@Payload() { actor }: Req<'progressPage'>) {
    return this.pagesService.progress(actor);
  }
}

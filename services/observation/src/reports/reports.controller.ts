import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { insightsRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { ExportsService } from './exports.service.js';
import { InsightPagesService } from './insight-pages.service.js';
import { InsightsService } from './insights.service.js';

type Req<K extends keyof typeof insightsRpc> = RpcRequest<(typeof insightsRpc)[K]>;

/** RpcHandler checks each contract's roles again; each service method scopes to the actor's organization. */
@Controller()
export class ReportsController {
  constructor(
    private readonly insightsService: InsightsService,
    private readonly exportsService: ExportsService,
    private readonly pagesService: InsightPagesService,
  ) {}

  @RpcHandler(insightsRpc.observationInsights)
  insights(@Payload() { actor }: Req<'observationInsights'>) {
    return this.insightsService.insights(actor);
  }

  @RpcHandler(insightsRpc.observationHistoryCsv)
  observationHistoryCsv(@Payload() { actor, afterId, limit }: Req<'observationHistoryCsv'>) {
    return this.exportsService.observationHistoryCsv(actor, afterId, limit);
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

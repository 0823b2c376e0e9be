import {
  BadRequestException,
  Controller,
  Inject,
  NotFoundException,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  CSV_KINDS,
  ERROR_TEXTS,
  EXPORT_KINDS,
  type ExportService,
  exportRpc,
  type OrganizationExportQuery,
  type RecordCursor,
} from '@hub/proto';
import { type ObjectStorage, productVersion, RpcClient } from '@hub/kit';
import { DownloadCredentials } from '../auth/download-credentials.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { STORAGE } from '../uploads/storage.token.js';
import { exportArchive, type RecordSource } from './export-archive.js';

/** Rows per RPC batch: what the gateway and a service hold of a kind at once. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Files come by the thousand, each mostly one read: the requester is asked about before a file
 * at most this often (before every batch of records, always).
 */
const FILE_CHECK_EVERY_MS = 2000;

const RECORDS_RPC = {
  identity: exportRpc.identityRecords,
  library: exportRpc.libraryRecords,
  observation: exportRpc.observationRecords,
  video: exportRpc.videoRecords,
  integration: exportRpc.integrationRecords,
} as const;

/**
 * The organization exported: the one the super administrator names (theirs is the platform's
 * own, which they never mean to export by leaving the parameter out), else the administrator's.
 * Identity refuses an administrator naming another (each service checks again).
 */
function exportedOrganization(actor: Actor, query: OrganizationExportQuery): number {
  if (actor.role !== 'super_admin') return query.organizationId ?? actor.organizationId;
  if (!query.organizationId)
    throw new BadRequestException({
      message: ERROR_TEXTS.organization_required,
      field: 'organizationId',
    });
  return query.organizationId;
}

@Controller()
export class OrganizationExportController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(DownloadCredentials) private readonly credentials: DownloadCredentials,
  ) {}

  /**
   * The organization is read before any byte is sent, so a refusal (identity checks the actor
   * may run it) or an unknown organization keeps its status; every service checks again as each
   * of its kinds is asked for. The actor is captured here once, so the requester's session or
   * token is resolved again before every batch and file (DownloadCredentials, as for the CSVs):
   * signed out, revoked or demoted mid-way, the download ends.
   */
  @Endpoint(api.organizationExport)
  async download(
    @CurrentActor() actor: Actor,
    @Query() query: OrganizationExportQuery,
    @Req() request: GuardedRequest,
    @Res() reply: FastifyReply,
  ) {
    const organizationId = exportedOrganization(actor, query);
    const batch = (service: ExportService, kind: string) => (after: RecordCursor | null) =>
      this.rpc.call(RECORDS_RPC[service] as typeof exportRpc.identityRecords, {
        actor,
        organizationId,
        kind: kind as (typeof EXPORT_KINDS.identity)[number],
        after,
        limit: EXPORT_BATCH_ROWS,
      });
    const [organization] = (await batch('identity', 'organization')(null)).rows;
    if (!organization) throw new NotFoundException('Organization not found');
    const name = String(organization.display_name ?? organization.name);
    const prefix = `org/${organizationId}/`;
    // The super administrator's files are stored below the platform's, like their rows not its:
    // each service names those of its own records (identity their pictures, video their
    // reference photos). Either unanswered, the export fails rather than hold them.
    const withheldFrom = [exportRpc.identityWithheldFiles, exportRpc.videoWithheldFiles];
    const answers = await Promise.all(
      withheldFrom.map((contract) => this.rpc.call(contract, { actor, organizationId })),
    );
    const withheld = new Set(answers.flatMap((answer) => answer.keys));
    const keys = (await this.storage.list(prefix)).filter((key) => !withheld.has(key));
    const admission = this.credentials.admission(
      request,
      api.organizationExport,
      FILE_CHECK_EVERY_MS,
    );
    const archive = exportArchive({
      organization: { id: organizationId, name },
      productVersion: productVersion(),
      storage: this.storage,
      records: recordSources(batch),
      files: keys.map((key) => ({ key, path: `files/${key.slice(prefix.length)}` })),
      admit: (before = 'batch') => admission(before === 'batch' ? 'now' : 'due'),
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="organization-${organizationId}-${day}.zip"`,
      )
      .header('cache-control', 'no-store')
      .send(archive);
  }
}

function recordSources(
  batch: (service: ExportService, kind: string) => RecordSource['batch'],
): RecordSource[] {
  return (Object.keys(EXPORT_KINDS) as ExportService[]).flatMap((service) =>
    EXPORT_KINDS[service].map((kind) => ({
      path: `records/${service}/${kind}.json`,
      ...(CSV_KINDS.includes(kind) ? { csvPath: `records/${kind}.csv` } : {}),
      batch: batch(service, kind),
    })),
  );
}

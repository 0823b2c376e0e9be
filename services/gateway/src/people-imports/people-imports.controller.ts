import { Readable } from 'node:stream';
import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Headers,
  Inject,
  Param,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  ERROR_TEXTS,
  api,
  PEOPLE_IMPORT_UPLOAD,
  type PeopleImportUploadFields,
  peopleImportsRpc,
  NOT_PERMITTED,
} from '@hub/proto';
import { newObjectFolder, type ObjectStorage, RpcClient } from '@hub/kit';
import { DownloadCredentials } from '../auth/download-credentials.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { readerLanguage } from '../http/reader-language.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';
import { rejectedLines, REPORT_PAGE } from './rejected-rows-csv.js';

type ImportParams = { id: number };

/** The organization a file goes to: the administrator's own, the one the super administrator names. */
function targetOrganization(actor: Actor, fields: PeopleImportUploadFields): number {
  if (actor.role === 'super_admin') {
    if (!fields.organizationId)
      throw new BadRequestException({
        message: ERROR_TEXTS.organization_required,
        field: 'organizationId',
      });
    return fields.organizationId;
  }
  if (fields.organizationId && fields.organizationId !== actor.organizationId)
    throw new ForbiddenException(NOT_PERMITTED);
  return actor.organizationId;
}

/**
 * A file of 100,000 rows (the most an import takes) is read and every row checked against the
 * organization's members before the answer: seconds, beyond RPC's 10 s default on a loaded
 * machine (the gateway answered 503 to a file it should have refused with 413's message).
 */
const PREVIEW_TIMEOUT_MS = 60_000;

@Controller()
export class PeopleImportsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(DownloadCredentials) private readonly credentials: DownloadCredentials,
  ) {}

  /** The file streams into the organization's folder; identity reads it back, streamed too. */
  @Endpoint(api.previewPeopleImport)
  async preview(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    let organizationId = 0;
    let folder = '';
    const upload = await this.uploads.receive(
      request,
      PEOPLE_IMPORT_UPLOAD,
      async (_kind, fields) => {
        organizationId = targetOrganization(actor, fields);
        folder = newObjectFolder(organizationId, 'people-imports');
        return `${folder}source.csv`;
      },
    );
    try {
      return await this.rpc.call(
        peopleImportsRpc.preview,
        { actor, organizationId, key: upload.key, fileName: upload.fileName },
        PREVIEW_TIMEOUT_MS,
      );
    } catch (error) {
      await this.storage.removePrefix(folder);
      throw error;
    }
  }

  @Endpoint(api.peopleImportRejectedCsv)
  async rejected(
    @CurrentActor() actor: Actor,
    @Param() params: ImportParams,
    @Req() request: GuardedRequest,
    @Res() reply: FastifyReply,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const importId = params.id;
    // Asked once before answering, so an unknown import is a 404, not an empty file.
    await this.rpc.call(peopleImportsRpc.status, { actor, importId });
    const language = await readerLanguage(this.rpc, actor, acceptLanguage);
    const page = async (afterRow: number) =>
      (
        await this.rpc.call(peopleImportsRpc.rejectedRows, {
          actor,
          importId,
          afterRow,
          limit: REPORT_PAGE,
        })
      ).rows;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${importId}-rejected-rows.csv"`)
      .header('cache-control', 'no-store')
      .send(
        Readable.from(
          this.credentials.whileAdmitted(
            request,
            api.peopleImportRejectedCsv,
            rejectedLines(page, language),
          ),
        ),
      );
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  type Actor,
  PEOPLE_IMPORT_PREVIEW_ROWS,
  type PeopleImportCounts,
  type PeopleImportJob,
  type PeopleImportPreview,
  type PeopleImportStatus,
  type RefusedRow,
} from '@hub/proto';
import { type ObjectStorage, RpcClient, RpcFailure } from '@hub/kit';
import { PEOPLE_IMPORT_QUEUE, RPC, STORAGE } from '../tokens.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { PeopleImportEntity } from './people-import.entity.js';
import { PeopleImportsRepository } from './people-imports.repository.js';
import { checkSheet, jobFunctionIndex } from './people-sheet.js';
import { refusedRow } from './row-rules.js';

const NOT_FOUND = 'This import was not found.';

export function toStatus(entry: PeopleImportEntity): PeopleImportStatus {
  return {
    id: entry.id,
    organizationId: entry.organizationId,
    fileName: entry.fileName,
    state: entry.state,
    updateExisting: entry.updateExisting,
    totalRows: entry.totalRows,
    processedRows: entry.processedRows,
    created: entry.created,
    updated: entry.updated,
    unchanged: entry.unchanged,
    refused: entry.refused,
    invited: entry.invited,
    error: entry.error,
    createdAt: entry.createdAt.toISOString(),
    finishedAt: entry.finishedAt?.toISOString() ?? null,
  };
}

/** Preview and apply of a file of people; the people-import job does the applying. */
@Injectable()
export class PeopleImportsService {
  private readonly logger = new Logger('PeopleImports');

  constructor(
    @Inject(PeopleImportsRepository) private readonly imports: PeopleImportsRepository,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(PEOPLE_IMPORT_QUEUE) private readonly queue: Queue<PeopleImportJob>,
  ) {}

  /** Administrators import into their own organization; the super administrator into any. */
  private async checkOrganization(actor: Actor, organizationId: number): Promise<void> {
    if (actor.role !== 'super_admin' && organizationId !== actor.organizationId)
      throw RpcFailure.forbidden();
    if (!(await this.organizations.findById(organizationId)))
      throw RpcFailure.validation('Organization not found', 'organizationId');
  }

  /** Every line checked, nothing written but the import's record (the file stays for Apply). */
  async preview(
    actor: Actor,
    request: { organizationId: number; key: string; fileName: string },
  ): Promise<PeopleImportPreview> {
    const { organizationId, key } = request;
    await this.checkOrganization(actor, organizationId);
    if (!key.startsWith(`org/${organizationId}/people-imports/`)) throw RpcFailure.forbidden();
    try {
      const { counts, refusedRows } = await this.check(actor, organizationId, key);
      const entry = await this.imports.create({
        organizationId,
        createdBy: actor.userId,
        fileKey: key,
        fileName: request.fileName,
        totalRows: counts.rows,
      });
      return { importId: entry.id, fileName: entry.fileName, counts, refusedRows };
    } catch (error) {
      await this.storage
        .remove(key)
        .catch((cleanup: unknown) =>
          this.logger.warn(`could not remove ${key}: ${String(cleanup)}`),
        );
      throw error;
    }
  }

  private async check(actor: Actor, organizationId: number, key: string) {
    const counts: PeopleImportCounts = {
      rows: 0,
      create: 0,
      existingChanged: 0,
      existingUnchanged: 0,
      refused: 0,
    };
    const refusedRows: RefusedRow[] = [];
    const verdicts = checkSheet(await this.storage.get(key), {
      organizationId,
      actorUserId: actor.userId,
      jobFunctions: await jobFunctionIndex(this.rpc, organizationId),
      lookup: (emails) => this.imports.findByEmails(emails),
      owners: (domains) => this.organizations.domainOwners(domains),
    });
    for await (const batch of verdicts) {
      for (const verdict of batch) {
        counts.rows += 1;
        if (verdict.kind === 'create') counts.create += 1;
        else if (verdict.kind === 'existing' && verdict.changed) counts.existingChanged += 1;
        else if (verdict.kind === 'existing') counts.existingUnchanged += 1;
        else {
          counts.refused += 1;
          if (refusedRows.length < PEOPLE_IMPORT_PREVIEW_ROWS)
            refusedRows.push(refusedRow(verdict.row, verdict.email, verdict.reason));
        }
      }
    }
    return { counts, refusedRows };
  }

  private async mine(actor: Actor, importId: number): Promise<PeopleImportEntity> {
    const entry = await this.imports.find(importId);
    if (!entry || (actor.role !== 'super_admin' && entry.organizationId !== actor.organizationId))
      throw RpcFailure.notFound(NOT_FOUND);
    return entry;
  }

  /**
   * Queues the import once; a second Apply answers its status and queues nothing. Apply on a
   * failed import resumes it where it stopped, with the choice its lines were applied with.
   */
  async apply(
    actor: Actor,
    importId: number,
    updateExisting: boolean,
  ): Promise<PeopleImportStatus> {
    const entry = await this.mine(actor, importId);
    if (entry.state === 'failed') {
      const round = await this.imports.resume(importId, actor.userId);
      if (round !== null) await this.queue.add('apply', { importId, round });
    } else if (await this.imports.queue(importId, updateExisting, actor.userId))
      await this.queue.add('apply', { importId, round: 1 });
    return toStatus(await this.mine(actor, importId));
  }

  async status(actor: Actor, importId: number): Promise<PeopleImportStatus> {
    return toStatus(await this.mine(actor, importId));
  }

  async rejected(actor: Actor, importId: number, afterRow: number, limit: number) {
    await this.mine(actor, importId);
    return { rows: await this.imports.rejected(importId, afterRow, limit) };
  }
}

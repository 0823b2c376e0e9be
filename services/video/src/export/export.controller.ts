import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { exportRpc, identityRpc, type RpcRequest } from '@hub/proto';
import { answerRecordBatch, requireOrganization, RpcClient, RpcHandler } from '@hub/kit';
import { RPC } from '../config.js';
import { FaceReferencesRepository } from '../faces/face-references.repository.js';
import { faceEnrolmentsWithout, VIDEO_RECORD_KINDS } from './record-kinds.js';

/** Ids asked of identity at once: memberIdPage's most. */
const ID_PAGE = 1000;

@Controller()
export class ExportController {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(FaceReferencesRepository) private readonly references: FaceReferencesRepository,
  ) {}

  @RpcHandler(exportRpc.videoRecords)
  async records(@Payload() request: RpcRequest<typeof exportRpc.videoRecords>) {
    if (request.kind !== 'face-enrolments') {
      return answerRecordBatch(this.db, VIDEO_RECORD_KINDS, request);
    }
    // Checked before identity is asked about the organization's people.
    requireOrganization(request.actor, request.organizationId);
    const withheld = await this.superAdminIds(request.organizationId);
    return answerRecordBatch(
      this.db,
      { ...VIDEO_RECORD_KINDS, 'face-enrolments': faceEnrolmentsWithout(withheld) },
      request,
    );
  }

  /**
   * The super administrator's own reference photos, stored below the organization (the
   * platform's) they belong to: like their enrolment rows (withheld above), not the
   * organization's to take away. Identity names their other files (pictures, uploads).
   */
  @RpcHandler(exportRpc.videoWithheldFiles)
  async withheldFiles(@Payload() request: RpcRequest<typeof exportRpc.videoWithheldFiles>) {
    // Checked before identity is asked about the organization's people.
    requireOrganization(request.actor, request.organizationId);
    const superAdmins = await this.superAdminIds(request.organizationId);
    return { keys: await this.references.pictureKeysOf(request.organizationId, superAdmins) };
  }

  /**
   * The super administrators stored in the organization (the platform's): identity holds the
   * roles, and withholds their pictures from the export as these rows and their reference
   * photos are withheld.
   */
  private async superAdminIds(organizationId: number): Promise<number[]> {
    const ids: number[] = [];
    for (;;) {
      const page = await this.rpc.call(identityRpc.memberIdPage, {
        organizationId,
        roles: ['super_admin'],
        afterId: ids.at(-1) ?? 0,
        limit: ID_PAGE,
      });
      ids.push(...page);
      if (page.length < ID_PAGE) return ids;
    }
  }
}

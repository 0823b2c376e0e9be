import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type Actor,
  type CertificationSettings,
  DEFAULT_VALIDITY_MONTHS,
  libraryRpc,
} from '@hub/proto';
import { RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { validityMonths } from './certification-rules.js';
import { CertificationSettingsRepository } from './certification-settings.repository.js';

const DOCUMENT_NOT_FOUND = 'Document not found';

/** How long certifications stay valid: a default per organization and, optionally, per SOP. */
@Injectable()
export class CertificationSettingsService {
  constructor(
    @Inject(CertificationSettingsRepository)
    private readonly settings: CertificationSettingsRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  /** The validity in force for an SOP (documentId) or, with null, for a course. */
  async monthsFor(
    organizationId: number,
    documentId: number | null,
    manager?: EntityManager,
  ): Promise<number> {
    const sop =
      documentId === null
        ? null
        : await this.settings.sopMonths(organizationId, documentId, manager);
    return validityMonths(sop, await this.settings.organizationMonths(organizationId, manager));
  }

  async get(actor: Actor): Promise<CertificationSettings> {
    const sops = await this.settings.sopValidities(actor.organizationId);
    const months = await this.settings.organizationMonths(actor.organizationId);
    return { defaultValidityMonths: months ?? DEFAULT_VALIDITY_MONTHS, sops };
  }

  /** Applies to certifications issued or renewed from now on; issued ones keep their expiry. */
  async saveDefault(actor: Actor, months: number): Promise<CertificationSettings> {
    await this.settings.saveDefault(actor.organizationId, months);
    return this.get(actor);
  }

  async saveSop(
    actor: Actor,
    documentId: number,
    months: number | null,
  ): Promise<CertificationSettings> {
    if (months === null) await this.settings.removeSop(actor.organizationId, documentId);
    else {
      await this.checkSop(actor.organizationId, documentId);
      await this.settings.saveSop(actor.organizationId, documentId, months);
    }
    return this.get(actor);
  }

  /**
   * Only an SOP of the organization's library gets a validity: another organization's id, or
   * one that names nothing, was stored and listed among the settings for good. Removing needs
   * no check, so what a deleted document left can still be cleared.
   */
  private async checkSop(organizationId: number, documentId: number): Promise<void> {
    const found = await this.rpc.call(libraryRpc.sopTitles, {
      organizationId,
      documentIds: [documentId],
    });
    if (!found.some((sop) => sop.id === documentId)) {
      throw RpcFailure.notFound(DOCUMENT_NOT_FOUND);
    }
  }
}

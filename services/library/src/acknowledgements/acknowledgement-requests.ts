import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { certificationRpc, type NotificationRequest } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { DocumentEntity } from '../documents/document.entity.js';
import { acknowledgementNoticeKey, type LibraryNotifier } from '../processing/library-notifier.js';
import { VersionsRepository } from '../versions/versions.repository.js';
import { AcknowledgementsRepository } from './acknowledgements.repository.js';

/** Where a notification about a new version leads: its changes and the Acknowledge button. */
export const acknowledgePath = (documentId: number) =>
  `/library/documents/${documentId}/acknowledge`;

/**
 * Once a new version of an SOP is processed, everyone holding a certification on it is asked to
 * acknowledge it. A repeat (the same run reported twice, a retry) asks nobody a second time.
 * Those asked are told in the transaction that records them (through the outbox), so nobody is
 * asked without being told, identity away or not.
 * When the holders are unknown (the observation service away), the request is owed with the
 * version's safety check, and the sweeper asks again (SafetyReobservation.retryOwed).
 */
export class AcknowledgementRequests {
  private readonly logger = new Logger('AcknowledgementRequests');
  private readonly acknowledgements: AcknowledgementsRepository;
  private readonly versions: VersionsRepository;

  constructor(
    db: DataSource,
    private readonly rpc: RpcClient,
    private readonly notifier: LibraryNotifier,
  ) {
    this.acknowledgements = new AcknowledgementsRepository(db);
    this.versions = new VersionsRepository(db);
  }

  /**
   * `safetyRelevant`: the change sent the holders back to observation; the notice says so.
   * False when the holders are unknown: the request is then owed, asked again later.
   */
  async ask(document: DocumentEntity, safetyRelevant = false): Promise<boolean> {
    if (document.currentVersion < 2) return true;
    const holders = await this.rpc
      .call(certificationRpc.holders, {
        organizationId: document.organizationId,
        documentIds: [document.id],
      })
      .catch((error: unknown) => {
        this.logger.warn(
          `holders of document ${document.id} unknown, asked later: ${String(error)}`,
        );
        return null;
      });
    if (!holders) {
      await this.versions.oweSafetyCheck(document.id, document.currentVersion);
      return false;
    }
    const version = document.currentVersion;
    await this.acknowledgements.transaction(async (tx) => {
      const asked = await this.acknowledgements.request(
        { documentId: document.id, version, organizationId: document.organizationId },
        holders.map((holder) => holder.userId),
        tx,
      );
      const notice: NotificationRequest = {
        type: 'info',
        key: 'acknowledgementRequested',
        params: {
          title: document.title,
          version,
          safetyRelevant,
          path: acknowledgePath(document.id),
        },
      };
      await this.notifier.tellAll(
        tx,
        asked,
        notice,
        acknowledgementNoticeKey(document.id, version),
      );
    });
    return true;
  }
}

import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { integrationRpc } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import { UnknownFacesRemovalRepository } from './unknown-faces-removal.repository.js';

const EVERY_MS = 60 * 60_000;

/**
 * Faces of people nobody named are face data of people who never agreed to anything: they are
 * kept as long as the organization keeps presence events (the Camera Privacy card's retention),
 * then deleted with their crops, at start and hourly (unknown people left with no face go too,
 * and reports stop labelling the faces deleted). Named faces are the person's and go with them.
 */
export class UnknownFacesRetention {
  private timer: NodeJS.Timeout | undefined;
  private readonly logger = new Logger('UnknownFacesRetention');
  private readonly faces: UnknownFacesRemovalRepository;

  constructor(
    db: DataSource,
    private readonly rpc: RpcClient,
    private readonly storage: ObjectStorage,
  ) {
    this.faces = new UnknownFacesRemovalRepository(db);
  }

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    let deleted = 0;
    try {
      for (const organizationId of await this.faces.organizationsWithUnnamed()) {
        deleted += await this.sweepOrganization(organizationId);
      }
      if (deleted > 0) this.logger.log(`Deleted ${deleted} unknown faces past retention`);
    } catch (error) {
      this.logger.warn(`Unknown faces retention sweep failed: ${String(error)}`);
    }
    return deleted;
  }

  private async sweepOrganization(organizationId: number): Promise<number> {
    const { retentionDays } = await this.rpc.call(integrationRpc.faceLearning, {
      organizationId,
    });
    const { deleted, keys } = await this.faces.deleteUnnamedOlderThan(
      organizationId,
      retentionDays,
    );
    await Promise.all(keys.map((key) => this.storage.remove(key)));
    return deleted;
  }
}

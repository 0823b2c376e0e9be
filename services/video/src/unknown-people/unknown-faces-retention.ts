import type { DataSource } from 'typeorm';
import { integrationRpc } from '@hub/proto';
import { type ObjectStorage, RecurringSweep, type RpcClient } from '@hub/kit';
import { UnknownFacesRemovalRepository } from './unknown-faces-removal.repository.js';

/**
 * Faces of people nobody named are face data of people who never agreed to anything: they are
 * kept as long as the organization keeps presence events (the Camera Privacy card's retention),
 * then deleted with their crops, at start and hourly (unknown people left with no face go too,
 * and reports stop labelling the faces deleted). Named faces are the person's and go with them.
 * sweep() answers the faces deleted.
 */
export class UnknownFacesRetention extends RecurringSweep<number> {
  private readonly faces: UnknownFacesRemovalRepository;

  constructor(
    db: DataSource,
    private readonly rpc: RpcClient,
    private readonly storage: ObjectStorage,
  ) {
    super('UnknownFacesRetention', { failed: 0 });
    this.faces = new UnknownFacesRemovalRepository(db);
  }

  protected async work(): Promise<number> {
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

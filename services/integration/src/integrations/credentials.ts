import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { RpcFailure } from '@hub/kit';
import { SECRET_BOX } from '../config.js';
import type { ProviderCredentials } from '../provider/camera-provider.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { type IntegrationRow, IntegrationsRepository } from './integrations.repository.js';

const SealedCredentials = z.object({ clientId: z.string(), clientSecret: z.string() });

/** Seals credentials for storage and opens them for the adapter; nothing else sees them. */
@Injectable()
export class Credentials {
  private readonly logger = new Logger('Credentials');

  constructor(
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    @Inject(IntegrationsRepository) private readonly integrations: IntegrationsRepository,
  ) {}

  seal(clientId: string, clientSecret: string) {
    return this.box.seal(JSON.stringify({ clientId, clientSecret }));
  }

  open(row: IntegrationRow): ProviderCredentials {
    try {
      const opened = SealedCredentials.parse(JSON.parse(this.box.open(row.credentials)));
      return { baseUrl: row.base_url, ...opened };
    } catch {
      this.logger.error(
        `The credentials of integration ${row.id} cannot be opened with the configured keys`,
      );
      throw new RpcFailure(
        'unavailable',
        'The stored credentials cannot be read with the configured keys; set up the integration again.',
      );
    }
  }

  /** Rotation: values sealed with an older key are sealed again with the current one. */
  async resealAll(): Promise<number> {
    let resealed = 0;
    for (const row of await this.integrations.sealedWithOtherKeys(this.box.currentKeyId)) {
      try {
        const plain = this.box.open(row.credentials);
        await this.integrations.reseal(row.id, row.credentials, this.box.seal(plain));
        resealed += 1;
      } catch {
        this.logger.warn(`Integration ${row.id}: no configured key opens its credentials`);
      }
    }
    if (resealed > 0) this.logger.log(`Re-encrypted the credentials of ${resealed} integration(s)`);
    return resealed;
  }
}

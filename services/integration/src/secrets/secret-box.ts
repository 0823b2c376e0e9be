import { openSecretBoxFrom, SecretBox as KitSecretBox } from '@hub/kit';

export { keyId, parseSecretKey, SecretKeyError } from '@hub/kit';

/** Binds sealed values to their use: a ciphertext made for something else does not open here. */
const PURPOSE = 'frontline-hub:integration-credentials:v1';

/** The camera systems' credentials' box (the kit's SecretBox, for this purpose). */
export class SecretBox extends KitSecretBox {
  constructor(current: Buffer, older: Buffer[] = []) {
    super(PURPOSE, current, older);
  }
}

export interface SecretKeySettings {
  NODE_ENV: string;
  DATA_DIR: string;
  INTEGRATION_SECRET_KEY?: string | undefined;
  INTEGRATION_SECRET_KEYS_OLD?: string | undefined;
}

/**
 * The key from INTEGRATION_SECRET_KEY; outside production, without it, a key generated once and
 * kept (owner-readable only) in DATA_DIR/integration-secret.key, so a restart still opens values.
 */
export function openSecretBox(settings: SecretKeySettings): KitSecretBox {
  return openSecretBoxFrom({
    purpose: PURPOSE,
    NODE_ENV: settings.NODE_ENV,
    DATA_DIR: settings.DATA_DIR,
    variable: 'INTEGRATION_SECRET_KEY',
    key: settings.INTEGRATION_SECRET_KEY,
    olderVariable: 'INTEGRATION_SECRET_KEYS_OLD',
    olderKeys: settings.INTEGRATION_SECRET_KEYS_OLD,
    fileName: 'integration-secret.key',
  });
}

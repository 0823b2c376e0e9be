import { openSecretBoxFrom, type SecretBox } from '@hub/kit';

export interface WebhookSecretSettings {
  NODE_ENV: string;
  DATA_DIR: string;
  WEBHOOK_SECRET_KEY?: string | undefined;
  WEBHOOK_SECRET_KEYS_OLD?: string | undefined;
}

/**
 * The box endpoints' signing secrets are sealed in (AES-256-GCM): they must be kept, as every
 * delivery is signed with them, but a copy of the database alone does not give them away. The
 * key comes from WEBHOOK_SECRET_KEY; outside production, without it, one is generated once and
 * kept in DATA_DIR/webhook-secret.key (as the integration credentials' key is).
 */
export function openWebhookSecretBox(settings: WebhookSecretSettings): SecretBox {
  return openSecretBoxFrom({
    purpose: 'frontline-hub:webhook-signing-secrets:v1',
    NODE_ENV: settings.NODE_ENV,
    DATA_DIR: settings.DATA_DIR,
    variable: 'WEBHOOK_SECRET_KEY',
    key: settings.WEBHOOK_SECRET_KEY,
    olderVariable: 'WEBHOOK_SECRET_KEYS_OLD',
    olderKeys: settings.WEBHOOK_SECRET_KEYS_OLD,
    fileName: 'webhook-secret.key',
  });
}

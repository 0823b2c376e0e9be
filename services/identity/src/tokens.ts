/** Injection tokens of the identity service's ports. */
export const STORAGE = Symbol('STORAGE');
export const MAILER = Symbol('MAILER');
export const EVENTS = Symbol('EVENTS');
export const REVOCATIONS = Symbol('REVOCATIONS');
/** The throttle of current-password checks (auth/current-password-attempts.ts). */
export const PASSWORD_ATTEMPTS = Symbol('PASSWORD_ATTEMPTS');
export const RPC = Symbol('RPC');
export const PEOPLE_IMPORT_QUEUE = Symbol('PEOPLE_IMPORT_QUEUE');
export const WEBHOOK_QUEUE = Symbol('WEBHOOK_QUEUE');
export const NETWORK_GUARD = Symbol('NETWORK_GUARD');
/** The SecretBox webhook endpoints' signing secrets are sealed in (webhook-secrets.ts). */
export const WEBHOOK_SECRETS = Symbol('WEBHOOK_SECRETS');

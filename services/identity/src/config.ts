import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';
import { NetworkGuard } from './webhooks/network-guard.js';

export const IdentityEnv = BaseEnv.extend(StorageEnv.shape)
  .extend({
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('http://localhost:8080'),
    /** Mail goes out through this SMTP server; without it, mails are kept in the outbox table and logged. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Frontline Hub <no-reply@hub.local>'),
    INVITATION_TTL_DAYS: z.coerce.number().positive().max(90).default(7),
    SUPER_ADMIN_EMAIL: z.email('must be an email address').default('admin@hub.local'),
    SUPER_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    SUPER_ADMIN_NAME: z.string().min(1).default('Super Administrator'),
    SUPER_ADMIN_ORGANIZATION: z.string().min(1).default('Platform Administration'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    /** Invitations a people import mails a second at most (0: no pacing). */
    /**
     * A notification mail the SMTP server refused is tried again after this, each next time
     * after twice as long (10 attempts: ~8.5 h with 60 s); due mails are looked for as often.
     */
    NOTIFICATION_MAIL_RETRY_MS: z.coerce.number().int().min(10).default(60_000),
    PEOPLE_IMPORT_MAILS_PER_SECOND: z.coerce.number().min(0).max(1000).default(10),
    REMEMBER_ME_DAYS: z.coerce.number().int().positive().max(365).default(30),
    /**
     * CIDR ranges (comma-separated) webhooks may be sent to although they are private, loopback
     * or link-local; plain http:// is accepted for them too. Empty: none (production's default).
     */
    WEBHOOK_ALLOWED_NETWORKS: z
      .string()
      .default('')
      .refine((text) => {
        try {
          new NetworkGuard(NetworkGuard.parseRanges(text));
          return true;
        } catch {
          return false;
        }
      }, 'must be a comma-separated list of CIDR ranges, e.g. 127.0.0.0/8,::1/128'),
    /** The first retry's delay; each next one doubles (11 attempts: ~25 h with 90 s). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(90_000),
    /** How long an endpoint answers nothing but failures before it is disabled. */
    WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().default(24),
    /** An endpoint's answer is awaited this long. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /**
     * Finished deliveries (succeeded, or failed for good) are deleted this many days after their
     * last attempt (checked hourly); pending ones are kept whatever their age.
     */
    WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().positive().max(3650).default(30),
    /**
     * The key endpoints' signing secrets are sealed with at rest (32 bytes, base64 or hex);
     * required in production, generated into DATA_DIR otherwise (see webhook-secrets.ts).
     */
    WEBHOOK_SECRET_KEY: z.string().optional(),
    /** Older keys (comma-separated) that still open secrets sealed before a key change. */
    WEBHOOK_SECRET_KEYS_OLD: z.string().optional(),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.WEBHOOK_SECRET_KEY)
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET_KEY'],
        message: 'is required in production (32 random bytes, base64 or hex)',
      });
  });
export type IdentityConfig = z.infer<typeof IdentityEnv>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export const readIdentityConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(IdentityEnv, env);

import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';

export const IdentityEnv = BaseEnv.extend(StorageEnv.shape).extend({
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://localhost:8080'),
  /** Mail goes out through this SMTP server; without it, mails are kept in the outbox table and logged. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
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
  PEOPLE_IMPORT_MAILS_PER_SECOND: z.coerce.number().min(0).max(1000).default(10),
  REMEMBER_ME_DAYS: z.coerce.number().int().positive().max(365).default(30),
});
export type IdentityConfig = z.infer<typeof IdentityEnv>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export const readIdentityConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(IdentityEnv, env);

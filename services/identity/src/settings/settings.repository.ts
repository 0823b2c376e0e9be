import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserPreferences } from '@hub/proto';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { UserPreferencesEntity } from './user-preferences.entity.js';

export interface SessionListRow {
  id: string;
  user_agent: string;
  ip: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** What decides the language the server writes a person in (each null when unset). */
export interface LanguageRow {
  user_id: number;
  language: string | null;
  default_language: string | null;
  browser_language: string | null;
  /** The person's own time zone (null: none chosen). */
  time_zone: string | null;
  /** Their device's zone, last known (null: not known). */
  browser_time_zone: string | null;
  /** Their organization's default zone (null: none set). */
  default_time_zone: string | null;
}

/** What an organization's administrators set for its members, as stored. */
export interface OrganizationDefaults {
  defaultLanguage: string | null;
  defaultTimeZone: string | null;
}

export type OrganizationDefaultsChange = Pick<OrganizationDefaults, 'defaultLanguage'> &
  Partial<Pick<OrganizationDefaults, 'defaultTimeZone'>>;

/** A user's own settings: reading preferences and live sessions. */
@Injectable()
export class SettingsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  findPreferences(userId: number): Promise<UserPreferencesEntity | null> {
    return this.db.getRepository(UserPreferencesEntity).findOneBy({ userId });
  }

  async savePreferences(userId: number, preferences: UserPreferences): Promise<void> {
    await this.db.getRepository(UserPreferencesEntity).upsert(
      {
        userId,
        language: preferences.language,
        timeZone: preferences.timeZone,
        dateFormat: preferences.dateFormat,
        theme: preferences.theme,
      },
      ['userId'],
    );
  }

  /** The organization's defaults as stored (each null when unset, or the organization unknown). */
  async findOrganizationDefaults(organizationId: number): Promise<OrganizationDefaults> {
    const organization = await this.db.getRepository(OrganizationEntity).findOne({
      where: { id: organizationId },
      select: { id: true, defaultLanguage: true, defaultTimeZone: true },
    });
    return {
      defaultLanguage: organization?.defaultLanguage ?? null,
      defaultTimeZone: organization?.defaultTimeZone ?? null,
    };
  }

  /** Writes the organization's defaults; a zone left undefined keeps the one stored. */
  async saveOrganizationDefaults(
    organizationId: number,
    { defaultLanguage, defaultTimeZone }: OrganizationDefaultsChange,
  ): Promise<void> {
    await this.db
      .getRepository(OrganizationEntity)
      .update(
        { id: organizationId },
        defaultTimeZone === undefined ? { defaultLanguage } : { defaultLanguage, defaultTimeZone },
      );
  }

  /**
   * Remembers the language a person's browser reads; the row is written only when it changes,
   * so a sign-in from the same browser costs no write.
   */
  async saveBrowserLanguage(userId: number, language: string): Promise<void> {
    // Raw SQL: an upsert that leaves an unchanged row alone (TypeORM's upsert always writes).
    await this.db.query(
      `INSERT INTO user_preferences (user_id, browser_language) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET browser_language = EXCLUDED.browser_language
        WHERE user_preferences.browser_language IS DISTINCT FROM EXCLUDED.browser_language`,
      [userId, language],
    );
  }

  /**
   * Remembers the time zone a person's device is set to; written only when it changes, as the
   * browser's language.
   */
  async saveBrowserTimeZone(userId: number, timeZone: string): Promise<void> {
    // Raw SQL: an upsert that leaves an unchanged row alone (TypeORM's upsert always writes).
    await this.db.query(
      `INSERT INTO user_preferences (user_id, browser_time_zone) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET browser_time_zone = EXCLUDED.browser_time_zone
        WHERE user_preferences.browser_time_zone IS DISTINCT FROM EXCLUDED.browser_time_zone`,
      [userId, timeZone],
    );
  }

  /**
   * Each person's own language, their organization's default, their browser's last known
   * language, their own time zone, their device's last known one and their organization's
   * default zone (each null when unset).
   */
  languagesOf(userIds: number[]): Promise<LanguageRow[]> {
    // Raw SQL: one read of users, their preferences and their organizations for a batch.
    return this.db.query(
      `SELECT u.id AS user_id, p.language, o.default_language, p.browser_language, p.time_zone,
              p.browser_time_zone, o.default_time_zone
         FROM users u
         LEFT JOIN user_preferences p ON p.user_id = u.id
         LEFT JOIN organizations o ON o.id = u.organization_id
        WHERE u.id = ANY($1::int[])`,
      [userIds],
    );
  }

  /** The user's live sessions, the current one first, then the most recently used. */
  findLiveSessions(userId: number, currentSessionId: string): Promise<SessionListRow[]> {
    // Raw SQL: ordered by an expression (the current session first).
    return this.db.query(
      `SELECT id, user_agent, ip, created_at, last_seen_at, expires_at FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        ORDER BY (id = $2) DESC, last_seen_at DESC, created_at DESC`,
      [userId, currentSessionId],
    );
  }

  async findPasswordChangedAt(userId: number): Promise<Date | null> {
    const user = await this.db.getRepository(UserEntity).findOne({
      where: { id: userId },
      select: { id: true, passwordChangedAt: true },
    });
    return user?.passwordChangedAt ?? null;
  }

  /**
   * Ends the user's live sessions but the kept one: only `sessionId`, or every other when null.
   * Answers the ended sessions' token digests.
   */
  async endSessions(
    userId: number,
    keptSessionId: string,
    sessionId: string | null,
  ): Promise<string[]> {
    // Wrapped in a SELECT so the driver answers rows alike whatever the command.
    // Raw SQL: updates and answers the ended sessions' digests in one statement.
    const ended = (await this.db.query(
      `WITH ended AS (
         UPDATE sessions SET revoked_at = now()
          WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > now()
            AND ($3::uuid IS NULL OR id = $3::uuid)
          RETURNING token_hash
       ) SELECT token_hash FROM ended`,
      [userId, keptSessionId, sessionId],
    )) as { token_hash: string }[];
    return ended.map((row) => row.token_hash);
  }
}

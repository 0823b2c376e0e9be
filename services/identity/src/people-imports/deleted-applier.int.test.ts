import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { EventPublisher, Mailer, ObjectStorage, OutgoingMail, RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import type { IdentityConfig } from '../config.js';
import { openIdentityDatabase } from '../database.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { InvitationsRepository } from '../invitations/invitations.repository.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { ProfilePicturesService } from '../profile/profile-pictures.service.js';
import { PreferencesService } from '../settings/preferences.service.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { insertOrganizations } from '../test-support/organizations.js';
import { PeopleImportRunner } from './people-import-runner.js';
import { PeopleImportsRepository } from './people-imports.repository.js';

/** What the runner needs of the rest of the platform, none of which the deletion touches. */
const CONFIG = {
  PEOPLE_IMPORT_MAILS_PER_SECOND: 0,
  INVITATION_TTL_DAYS: 7,
  PUBLIC_URL: 'https://hub.example',
} as unknown as IdentityConfig;
const QUIET = { announce: async () => undefined } as unknown as SessionRevocations;
const NO_EVENTS: EventPublisher = { publish: async () => undefined };

/**
 * An import whose applying administrator is deleted before its invitations are stored: the people
 * it created are still the organization's, so they are still invited, their links with no inviter
 * as the deletion's ON DELETE SET NULL leaves the links stored before it. The links used to name
 * the deleted user, which the foreign key refused, and the import failed with the SQL error's text.
 */
describe('a people import whose administrator was deleted', () => {
  let resources: TestResources;
  let db: DataSource;
  let organizationId: number;
  const sent: OutgoingMail[] = [];

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    [organizationId] = (await insertOrganizations(db, 1)) as [number];
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** `meanwhile` runs once the run has read its import, when it asks for the job functions. */
  function runner(file: string, meanwhile: () => Promise<unknown> = async () => undefined) {
    const rpc = {
      call: async () => {
        await meanwhile();
        return { jobFunctions: [] };
      },
    } as unknown as RpcClient;
    const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) } as Mailer;
    const storage = {
      get: async () => Readable.from(Buffer.from(file)),
      remove: async () => undefined,
    } as unknown as ObjectStorage;
    const invitations = new InvitationsService(
      new InvitationsRepository(db),
      CONFIG,
      mailer,
      {} as NotificationsService,
      {} as ProfilePicturesService,
      new PreferencesService(new SettingsRepository(db)),
      NO_EVENTS,
    );
    return new PeopleImportRunner(
      new PeopleImportsRepository(db),
      new OrganizationsRepository(db),
      storage,
      rpc,
      invitations,
      QUIET,
      CONFIG,
    );
  }

  async function queuedBy(email: string) {
    const [{ id: adminId }] = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ($1, 'Applying Admin', 'admin', $2, true) RETURNING id`,
      [email, organizationId],
    )) as [{ id: number }];
    const [{ id: importId }] = (await db.query(
      `INSERT INTO people_imports (organization_id, created_by, applied_by, file_key, file_name,
                                   state, total_rows)
       VALUES ($1, $2, $2, 'imports/people.csv', 'people.csv', 'queued', 2) RETURNING id`,
      [organizationId, adminId],
    )) as [{ id: number }];
    return { adminId, importId };
  }

  /** Runs the import to its end (a failure is read from its row, as the page shows it). */
  async function applied(importId: number, emails: string[], meanwhile?: () => Promise<unknown>) {
    const file = `email,name\n${emails.map((email, i) => `${email},Person ${i}`).join('\n')}\n`;
    await runner(file, meanwhile)
      .run(importId, true)
      .catch(() => undefined);
    const [entry] = (await db.query(
      `SELECT state, error, created, invited FROM people_imports WHERE id = $1`,
      [importId],
    )) as [{ state: string; error: string | null; created: number; invited: number }];
    const links = (await db.query(
      `SELECT u.email, i.invited_by FROM invitations i JOIN users u ON u.id = i.user_id
        WHERE u.email = ANY($1) AND i.revoked_at IS NULL ORDER BY u.email`,
      [emails],
    )) as { email: string; invited_by: number | null }[];
    return {
      entry,
      links,
      mailed: sent.flatMap((mail) => (emails.includes(mail.to) ? [mail.to] : [])),
    };
  }

  it('still sends its invitations when deleted before it ran, with no inviter kept', async () => {
    const { adminId, importId } = await queuedBy('before@org1.example');
    await db.query(`DELETE FROM users WHERE id = $1`, [adminId]);
    const emails = ['a1@org1.example', 'a2@org1.example'];

    const { entry, links, mailed } = await applied(importId, emails);

    expect(entry).toEqual({ state: 'done', error: null, created: 2, invited: 2 });
    expect(mailed.sort()).toEqual(emails);
    expect(links).toEqual(emails.map((email) => ({ email, invited_by: null })));
  });

  it('still sends its invitations when deleted while it runs', async () => {
    const { adminId, importId } = await queuedBy('during@org1.example');
    const emails = ['b1@org1.example', 'b2@org1.example'];

    const { entry, links, mailed } = await applied(importId, emails, () =>
      db.query(`DELETE FROM users WHERE id = $1`, [adminId]),
    );

    expect(entry).toEqual({ state: 'done', error: null, created: 2, invited: 2 });
    expect(mailed.sort()).toEqual(emails);
    expect(links).toEqual(emails.map((email) => ({ email, invited_by: null })));
  });

  it('keeps the inviter of invitations whose administrator is still there', async () => {
    const { adminId, importId } = await queuedBy('stays@org1.example');
    const emails = ['c1@org1.example'];

    const { entry, links } = await applied(importId, emails);

    expect(entry).toMatchObject({ state: 'done', invited: 1 });
    expect(links).toEqual([{ email: 'c1@org1.example', invited_by: adminId }]);
  });

  it('waits for a deletion under way, then stores the links with no inviter', async () => {
    const { adminId } = await queuedBy('racing@org1.example');
    const [{ id: userId }] = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('d1@org1.example', 'Person D', 'operator', $1, false) RETURNING id`,
      [organizationId],
    )) as [{ id: number }];
    const deletion = db.createQueryRunner();
    await deletion.startTransaction();
    try {
      await deletion.query(`DELETE FROM users WHERE id = $1`, [adminId]);
      const storing = new InvitationsRepository(db).replaceMany([
        {
          userId,
          tokenHash: 'racing-link',
          invitedBy: adminId,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      ]);
      await waitingOnALock();
      await deletion.commitTransaction();
      await storing;
    } finally {
      await deletion.release();
    }
    const links = (await db.query(`SELECT invited_by FROM invitations WHERE user_id = $1`, [
      userId,
    ])) as { invited_by: number | null }[];
    expect(links).toEqual([{ invited_by: null }]);
  });

  /** Until another session of this database waits on a row lock (the deletion's, here). */
  async function waitingOnALock() {
    for (let tries = 0; tries < 200; tries++) {
      const [{ waiting }] = (await db.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )) as [{ waiting: number }];
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the links were stored without waiting for the deletion');
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { AuditLogRepository } from './audit-log.repository.js';

/** The audit log's ids are bigint: its pages go on past the integer range. */
describe('the audit log, a page at a time', () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO audit_log (id, at, action, outcome, ip, user_agent)
       SELECT 3000000000 + n, '2026-06-14T10:00:00Z'::timestamptz + n * interval '1 second',
              'auth.login', 'success', '127.0.0.1', 'test'
         FROM generate_series(1, 3) AS n`,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('continues from a cursor naming an id past 2,147,483,647', async () => {
    const log = new AuditLogRepository(db);
    const first = await log.page(null, undefined, 2);
    expect(first.entries.map((entry) => entry.id)).toEqual(['3000000003', '3000000002']);
    const second = await log.page(null, first.nextCursor!, 2);
    expect(second.entries.map((entry) => entry.id)).toEqual(['3000000001']);
  });
});

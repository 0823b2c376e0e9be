import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import type { EventBus, EventHandler, RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { handleObservationEvents } from '../organizations/organization-cleanup.js';
import type { CourseCompletion } from '../training/course-completion.js';
import { CertificationSettingsRepository } from './certification-settings.repository.js';
import { CertificationSettingsService } from './certification-settings.service.js';

const ORG = 41;
const OTHER_ORG = 42;
/** The library's processed SOPs, by organization. */
const SOPS = new Map([
  [ORG, [7, 8]],
  [OTHER_ORG, [9]],
]);
const library = {
  call: (_contract: unknown, request: { organizationId: number; documentIds: number[] }) =>
    Promise.resolve(
      request.documentIds
        .filter((id) => SOPS.get(request.organizationId)?.includes(id))
        .map((id) => ({ id, title: `SOP ${id}` })),
    ),
} as unknown as RpcClient;
const actor = { userId: 1, organizationId: ORG, role: 'admin' as const };

describe("an SOP's own validity", () => {
  let resources: TestResources;
  let db: DataSource;
  let settings: CertificationSettingsService;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    settings = new CertificationSettingsService(new CertificationSettingsRepository(db), library);
  });

  afterAll(async () => {
    await db.destroy();
    await resources.release();
  });

  it("is kept only for an SOP of the organization's library", async () => {
    expect((await settings.saveSop(actor, 7, 6)).sops).toEqual([
      { documentId: 7, validityMonths: 6 },
    ]);
    // Another organization's SOP, and a document that does not exist: refused, nothing stored.
    for (const documentId of [9, 999]) {
      await expect(settings.saveSop(actor, documentId, 3)).rejects.toMatchObject({
        message: 'Document not found',
      });
    }
    expect((await settings.get(actor)).sops).toEqual([{ documentId: 7, validityMonths: 6 }]);
    // Removing one needs no such check: what a deleted document left can still be cleared.
    await db.query(
      `INSERT INTO sop_certification_validity (organization_id, document_id, validity_months)
       VALUES ($1, 999, 2)`,
      [ORG],
    );
    expect((await settings.saveSop(actor, 999, null)).sops).toEqual([
      { documentId: 7, validityMonths: 6 },
    ]);
  });

  it('goes with its deleted document', async () => {
    let handle: EventHandler | null = null;
    const events = {
      subscribe: (_service: string, handler: EventHandler) => {
        handle = handler;
        return { close: () => Promise.resolve() };
      },
    } as unknown as EventBus;
    const completion = { forOrganization: () => Promise.resolve() } as unknown as CourseCompletion;
    handleObservationEvents(events, db, completion);
    await settings.saveSop(actor, 8, 24);
    const deleted: DomainEvent = { type: 'document.deleted', organizationId: ORG, documentId: 7 };
    await handle!(deleted);
    expect((await settings.get(actor)).sops).toEqual([{ documentId: 8, validityMonths: 24 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { QueryFailedError } from 'typeorm';
import { errorText } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import type { SessionRevocations } from '../auth/session-revocations.js';
import type { IdentityConfig } from '../config.js';
import type { InvitationsService } from '../invitations/invitations.service.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { PeopleImportEntity } from './people-import.entity.js';
import { InvitationsNotSent, PeopleImportRunner } from './people-import-runner.js';
import type { PeopleImportsRepository } from './people-imports.repository.js';

const SQL = 'UPDATE people_import_rows SET invited = true WHERE import_id = $1';

/** An import whose first read of its lines throws `failure`; what it was updated with is kept. */
function runnerFailingWith(failure: Error) {
  const updates: Partial<PeopleImportEntity>[] = [];
  const entry = { id: 7, organizationId: 1, state: 'queued', fileKey: 'imports/7.csv' };
  const imports = {
    find: async () => entry,
    update: async (_id: number, changes: Partial<PeopleImportEntity>) => {
      updates.push(changes);
    },
    figures: async () => ({}),
    unassignedLines: async () => {
      throw failure;
    },
  } as unknown as PeopleImportsRepository;
  const organizations = { findById: async () => ({ id: 1 }) } as unknown as OrganizationsRepository;
  const runner = new PeopleImportRunner(
    imports,
    organizations,
    {} as ObjectStorage,
    {} as RpcClient,
    {} as InvitationsService,
    {} as SessionRevocations,
    { PEOPLE_IMPORT_MAILS_PER_SECOND: 10 } as IdentityConfig,
  );
  const storedError = () => updates.find((changes) => changes.state === 'failed')?.error;
  return { runner, storedError };
}

describe('a people import that fails', () => {
  it('keeps the generic sentence, not the SQL, for a database error', async () => {
    const failure = new QueryFailedError(SQL, [7], new Error(`deadlock detected in ${SQL}`));
    const { runner, storedError } = runnerFailingWith(failure);
    await expect(runner.run(7, true)).rejects.toBe(failure);
    expect(storedError()).toBe(errorText('people_import_failed'));
  });

  it("keeps a sentence of proto's error table as it is", async () => {
    const failure = new InvitationsNotSent(['mailbox full']);
    const { runner, storedError } = runnerFailingWith(failure);
    await expect(runner.run(7, true)).rejects.toBe(failure);
    expect(storedError()).toBe(failure.message);
  });
});

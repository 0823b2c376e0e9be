import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  errorCodeOf,
  errorText,
  type PeopleImportJob,
  peopleImportReason,
  skillsRpc,
} from '@hub/proto';
import { type ObjectStorage, type PoisonPolicy, RpcClient, RpcFailure } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { REVOCATIONS, RPC, STORAGE } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import type { OrganizationEntity } from '../organizations/organization.entity.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { PeopleImportEntity } from './people-import.entity.js';
import {
  PeopleImportsRepository,
  type RowRecord,
  type UnassignedLine,
} from './people-imports.repository.js';
import { checkSheet, jobFunctionIndex } from './people-sheet.js';
import type { ImportedPerson, RowVerdict } from './row-rules.js';
import { MailPace } from './mail-pace.js';

/** Invitations sent at once (each is an SMTP exchange). */
const MAILS_IN_FLIGHT = 4;
/** Leftovers of a stopped run (invitations, job functions), taken a group at a time (as a batch's). */
const LEFTOVERS_AT_ONCE = 250;
/** The figures are written again this often while invitations go, for the page's progress bar. */
const PROGRESS_MS = 1000;

/**
 * Applies a previewed import, a batch of lines at a time: each batch's users and line states are
 * written in one transaction, so a run stopped anywhere and taken again skips the lines it did
 * (and the email's uniqueness keeps anyone from being created twice). What follows a batch's
 * commit (its job functions, assigned by the skills service; its invitations) is marked on each
 * line once done, so a run taken again, or a failed import resumed, does what was left first.
 */
@Injectable()
export class PeopleImportRunner {
  private readonly logger = new Logger('PeopleImports');

  constructor(
    @Inject(PeopleImportsRepository) private readonly imports: PeopleImportsRepository,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async run(importId: number, lastAttempt: boolean): Promise<void> {
    const entry = await this.imports.find(importId);
    if (!entry || entry.state === 'done' || entry.state === 'failed') return;
    const organization = await this.organizations.findById(entry.organizationId);
    if (!organization) return;
    await this.imports.update(importId, { state: 'running' });
    try {
      const pace = new MailPace(this.config.PEOPLE_IMPORT_MAILS_PER_SECOND);
      await this.assignLeftovers(entry);
      await this.inviteLeftovers(entry, organization, pace);
      await this.applyLines(entry, organization, pace);
      await this.imports.update(importId, {
        ...(await this.imports.figures(importId)),
        state: 'done',
        finishedAt: new Date(),
      });
      await this.storage.remove(entry.fileKey).catch(() => undefined);
    } catch (error) {
      const final = lastAttempt || error instanceof RpcFailure;
      this.logger.warn(`people import ${importId} failed: ${String(error)}`);
      if (final) {
        // The figures of what was done: a resume goes on from there.
        await this.imports.update(importId, {
          ...(await this.imports.figures(importId)),
          state: 'failed',
          error: failureText(error),
          finishedAt: new Date(),
        });
      }
      throw error;
    }
  }

  private async applyLines(
    entry: PeopleImportEntity,
    organization: OrganizationEntity,
    pace: MailPace,
  ) {
    const verdicts = checkSheet(await this.storage.get(entry.fileKey), {
      organizationId: entry.organizationId,
      actorUserId: applierOf(entry) ?? 0,
      jobFunctions: await jobFunctionIndex(this.rpc, entry.organizationId),
      lookup: (emails) => this.imports.findByEmails(emails),
      owners: (domains) => this.organizations.domainOwners(domains),
      skip: await this.imports.doneRows(entry.id),
    });
    for await (const batch of verdicts) {
      const { assignments, created, roleChanged } = await this.applyBatch(entry, batch);
      await this.assign(entry, assignments);
      for (const userId of roleChanged) await this.revocations.announce({ userId });
      await this.imports.update(entry.id, await this.imports.figures(entry.id));
      await this.invite(entry, organization, created, pace);
      await this.imports.update(entry.id, await this.imports.figures(entry.id));
    }
  }

  private async applyBatch(entry: PeopleImportEntity, batch: RowVerdict[]) {
    return this.imports.transaction(async (tx) => {
      const creating = batch.flatMap((v) => (v.kind === 'create' ? [v.person] : []));
      const ids = await this.imports.insertPendingUsers(tx, entry.organizationId, creating);
      const rows: RowRecord[] = [];
      const created: RowRecord[] = [];
      const roleChanged: number[] = [];
      const preferences: { userId: number; person: ImportedPerson }[] = [];
      for (const verdict of batch) {
        const row = await this.applyVerdict(tx, entry, verdict, ids);
        rows.push(row);
        if ((row.outcome === 'created' || row.outcome === 'updated') && verdict.kind !== 'refused')
          preferences.push({ userId: row.userId!, person: verdict.person });
        if (row.outcome === 'created') created.push(row);
        if (row.outcome === 'updated' && verdict.kind === 'existing' && verdict.roleChanged)
          roleChanged.push(verdict.userId);
      }
      await this.imports.savePreferences(tx, preferences);
      await this.imports.saveRows(tx, entry.id, rows);
      const assignments = rows.flatMap((row) =>
        row.userId && row.unassignedJobFunctionIds
          ? [
              {
                rowNumber: row.rowNumber,
                userId: row.userId,
                jobFunctionIds: row.unassignedJobFunctionIds,
              },
            ]
          : [],
      );
      return { assignments, created, roleChanged };
    });
  }

  private async applyVerdict(
    tx: EntityManager,
    entry: PeopleImportEntity,
    verdict: RowVerdict,
    ids: Map<string, number>,
  ): Promise<RowRecord> {
    const base = {
      rowNumber: verdict.row,
      reason: null,
      userId: null,
      unassignedJobFunctionIds: null,
    };
    if (verdict.kind === 'refused')
      return { ...base, email: verdict.email, outcome: 'refused', reason: verdict.reason };
    const { person } = verdict;
    if (verdict.kind === 'create') {
      const userId = ids.get(person.email);
      // Taken between the check and the insert: by someone else, so not ours to touch.
      if (userId === undefined)
        return {
          ...base,
          email: person.email,
          outcome: 'refused',
          reason: peopleImportReason('email_in_use'),
        };
      return { ...base, ...withJobFunctions(person), outcome: 'created', userId };
    }
    if (!entry.updateExisting || !verdict.changed)
      return { ...base, email: person.email, outcome: 'unchanged', userId: verdict.userId };
    await this.imports.updateMember(tx, entry.organizationId, verdict.userId, person);
    return { ...base, ...withJobFunctions(person), outcome: 'updated', userId: verdict.userId };
  }

  /**
   * Job functions to the skills service (which adds each once), then marked on their lines. A
   * person deleted since their line was applied (a failed import resumed later) gets none: the
   * skills service handled their deletion already, and would keep them a holder for ever.
   */
  private async assign(entry: PeopleImportEntity, lines: UnassignedLine[]) {
    if (!lines.length) return;
    const members = await this.imports.stillMembers(
      entry.organizationId,
      lines.map((line) => line.userId),
    );
    const assignments = lines
      .filter((line) => members.has(line.userId))
      .map(({ userId, jobFunctionIds }) => ({ userId, jobFunctionIds }));
    if (assignments.length) {
      await this.rpc.call(skillsRpc.addJobFunctionMembers, {
        organizationId: entry.organizationId,
        assignments,
      });
    }
    await this.imports.markAssigned(
      entry.id,
      lines.map((line) => line.rowNumber),
    );
  }

  /** Job functions of lines applied by an earlier run that stopped before assigning them. */
  private async assignLeftovers(entry: PeopleImportEntity) {
    let afterRow = 0;
    for (;;) {
      const lines = await this.imports.unassignedLines(entry.id, afterRow, LEFTOVERS_AT_ONCE);
      if (!lines.length) return;
      await this.assign(entry, lines);
      afterRow = lines.at(-1)!.rowNumber;
    }
  }

  /** Invitations of lines created by an earlier run that stopped before mailing them. */
  private async inviteLeftovers(
    entry: PeopleImportEntity,
    organization: OrganizationEntity,
    pace: MailPace,
  ) {
    const rows = await this.imports.rowsToInvite(entry.id);
    for (let start = 0; start < rows.length; start += LEFTOVERS_AT_ONCE)
      await this.invite(entry, organization, rows.slice(start, start + LEFTOVERS_AT_ONCE), pace);
  }

  private async invite(
    entry: PeopleImportEntity,
    organization: OrganizationEntity,
    rows: { rowNumber: number; userId: number | null }[],
    pace: MailPace,
  ) {
    const people = await this.imports.pendingUsers(
      rows.flatMap((row) => (row.userId ? [row.userId] : [])),
    );
    let reported = Date.now();
    const report = async () => {
      reported = Date.now();
      await this.imports.update(entry.id, await this.imports.figures(entry.id));
    };
    const invited = rows.filter((row) => people.has(row.userId ?? 0));
    for (const user of people.values()) user.organization = organization;
    // An applier deleted since the import was read still has them invited, by no one in particular.
    const mails = await this.invitations.storeLinks(
      invited.map((row) => people.get(row.userId!)!),
      applierOf(entry),
    );
    // Nobody to mail any more (set up, or deleted, since): done with.
    await this.imports.markInvited(
      entry.id,
      rows.filter((row) => !people.has(row.userId ?? 0)).map((row) => row.rowNumber),
    );
    const failures: string[] = [];
    const refused: { rowNumber: number; reason: string }[] = [];
    let next = 0;
    const sendNext = async (): Promise<void> => {
      for (let index = next++; index < invited.length; index = next++) {
        await pace.wait();
        const outcome = await this.invitations.deliver(mails[index]!);
        const { rowNumber } = invited[index]!;
        const failure = outcome.failure ?? 'unknown error';
        // Marked as soon as sent: a run stopped after it never mails it again (with a new
        // link, which would void the one just sent). Only a mail in flight at the stop can go twice.
        if (outcome.sent) await this.imports.markInvited(entry.id, [rowNumber]);
        // Kept, not sent again: one address refused for good must not stop the file.
        else if (outcome.refusedForGood) refused.push({ rowNumber, reason: failure });
        // Not marked: a retry, or the import resumed, mails it again.
        else failures.push(failure);
        if (Date.now() - reported >= PROGRESS_MS) await report();
      }
    };
    await Promise.all(Array.from({ length: MAILS_IN_FLIGHT }, sendNext));
    await this.imports.markRefused(entry.id, refused);
    if (failures.length) throw new InvitationsNotSent(failures);
  }
}

/**
 * An import whose job the process applying it died during, again and again, fails with why, so
 * it can be resumed: BullMQ ends such a job without running it again, and an import left running
 * could be neither resumed nor applied again. The kit may report it twice; failing is idempotent.
 */
export function interruptedImport(
  imports: Pick<PeopleImportsRepository, 'failUnderway' | 'figures'>,
): PoisonPolicy<PeopleImportJob> {
  return {
    reason: errorText('people_import_interrupted'),
    report: async ({ data: { importId, round } }, reason) => {
      await imports.failUnderway(importId, round, {
        ...(await imports.figures(importId)),
        error: reason,
        finishedAt: new Date(),
      });
    },
  };
}

/** Invitations the mail server refused or never took: the import stops, to be taken again. */
export class InvitationsNotSent extends Error {
  constructor(failures: string[]) {
    super(
      errorText('people_import_invitations_not_sent', {
        number: String(failures.length),
        detail: failures[0] ?? '',
      }),
    );
  }
}

/**
 * Why the import stopped, as its administrator reads it: a sentence of proto's error table (the
 * invitations not sent, a service's refusal) as it is; anything else (a database's or a
 * library's own words, logged above) as the generic sentence, so no SQL reaches the page.
 */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return errorCodeOf(message) ? message : errorText('people_import_failed');
}

/** A created or updated line's email, with its job functions left to assign (null for none). */
function withJobFunctions(person: ImportedPerson) {
  const { email, jobFunctionIds } = person;
  return { email, unassignedJobFunctionIds: jobFunctionIds.length ? jobFunctionIds : null };
}

/** Who applied the import (imports queued before it was kept: who previewed it). */
const applierOf = (entry: PeopleImportEntity) => entry.appliedBy ?? entry.createdBy;

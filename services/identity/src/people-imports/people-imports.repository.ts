import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, IsNull, MoreThan, Not } from 'typeorm';
import type { RefusedRow, Role } from '@hub/proto';
import { UserEntity } from '../users/user.entity.js';
import {
  PeopleImportEntity,
  PeopleImportRowEntity,
  type RowOutcome,
} from './people-import.entity.js';
import {
  type ExistingUser,
  type ImportedPerson,
  NEW_PERSON_ROLE,
  refusedRow,
} from './row-rules.js';

export type NewPeopleImport = Pick<
  PeopleImportEntity,
  'organizationId' | 'createdBy' | 'fileKey' | 'fileName' | 'totalRows'
>;

export interface RowRecord {
  rowNumber: number;
  email: string;
  outcome: RowOutcome;
  reason: string | null;
  userId: number | null;
  unassignedJobFunctionIds: number[] | null;
}

/** A line's job functions still to assign to its person. */
export interface UnassignedLine {
  rowNumber: number;
  userId: number;
  jobFunctionIds: number[];
}

/** Imports, the state of each applied line, and the users they create or update. */
@Injectable()
export class PeopleImportsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  create(entry: NewPeopleImport): Promise<PeopleImportEntity> {
    const repository = this.db.getRepository(PeopleImportEntity);
    return repository.save(repository.create(entry));
  }

  find(id: number): Promise<PeopleImportEntity | null> {
    return this.db.getRepository(PeopleImportEntity).findOneBy({ id });
  }

  async update(id: number, changes: Partial<PeopleImportEntity>): Promise<void> {
    await this.db.getRepository(PeopleImportEntity).update({ id }, changes);
  }

  /** The imports under way (queued or running), as their jobs name them. */
  async underway(): Promise<{ importId: number; round: number }[]> {
    const rows = await this.db
      .getRepository(PeopleImportEntity)
      .find({ select: { id: true, round: true }, where: { state: In(['queued', 'running']) } });
    return rows.map((row) => ({ importId: row.id, round: row.round }));
  }

  /**
   * Fails an import still under way (queued or running) in `round`, once: a resume since has a
   * round of its own, and an import that ended keeps its outcome. True when this call did.
   */
  async failUnderway(
    id: number,
    round: number,
    changes: Partial<PeopleImportEntity>,
  ): Promise<boolean> {
    const result = await this.db
      .getRepository(PeopleImportEntity)
      .update({ id, round, state: In(['queued', 'running']) }, { ...changes, state: 'failed' });
    return (result.affected ?? 0) > 0;
  }

  /** Moves a previewed import to queued, once: answers false when it had already left 'previewed'. */
  async queue(id: number, updateExisting: boolean, appliedBy: number): Promise<boolean> {
    const result = await this.db
      .getRepository(PeopleImportEntity)
      .update({ id, state: 'previewed' }, { state: 'queued', updateExisting, appliedBy });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Moves a failed import back to queued for its next round, once (two Resumes at once start one
   * round); it keeps the choice its lines were applied with. Answers the round, or null.
   */
  async resume(id: number, appliedBy: number): Promise<number | null> {
    const result = await this.db
      .getRepository(PeopleImportEntity)
      .createQueryBuilder()
      .update()
      .set({
        state: 'queued',
        error: null,
        finishedAt: null,
        appliedBy,
        round: () => 'round + 1',
      })
      .where({ id, state: 'failed' })
      .returning(['round'])
      .execute();
    const rows = result.raw as { round: number }[];
    return rows[0]?.round ?? null;
  }

  /** Whoever holds these emails (any organization), with their reading preferences. */
  async findByEmails(emails: string[]): Promise<Map<string, ExistingUser>> {
    if (!emails.length) return new Map();
    // Raw SQL: plain rows joined with the preferences, for up to a batch of emails at once.
    const rows = (await this.db.query(
      `SELECT u.id, u.email, u.name, u.role, u.organization_id, p.language, p.time_zone
         FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
        WHERE u.email = ANY($1::text[])`,
      [emails],
    )) as {
      id: number;
      email: string;
      name: string;
      role: Role;
      organization_id: number;
      language: string | null;
      time_zone: string | null;
    }[];
    return new Map(
      rows.map((row) => [
        row.email,
        {
          id: row.id,
          organizationId: row.organization_id,
          name: row.name,
          role: row.role,
          language: row.language,
          timeZone: row.time_zone,
        },
      ]),
    );
  }

  /** Line numbers of an import already applied (a job taken again skips them). */
  async doneRows(importId: number): Promise<Set<number>> {
    const rows = await this.db
      .getRepository(PeopleImportRowEntity)
      .find({ where: { importId }, select: { rowNumber: true } });
    return new Set(rows.map((row) => row.rowNumber));
  }

  /**
   * Pending users for these people; an email taken meanwhile is skipped (its id is missing from
   * the answer), so a second run never creates anyone twice.
   */
  async insertPendingUsers(
    tx: EntityManager,
    organizationId: number,
    people: ImportedPerson[],
  ): Promise<Map<string, number>> {
    if (!people.length) return new Map();
    const result = await tx
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values(
        people.map((person) => ({
          email: person.email,
          name: person.name,
          role: person.role ?? NEW_PERSON_ROLE,
          organizationId,
          isActive: false,
          passwordHash: null,
          profilePicture: null,
          auth0UserId: null,
          lastLogin: null,
        })),
      )
      .orIgnore()
      .returning(['id', 'email'])
      .execute();
    const rows = result.raw as { id: number; email: string }[];
    return new Map(rows.map((row) => [row.email, row.id]));
  }

  async updateMember(
    tx: EntityManager,
    organizationId: number,
    userId: number,
    person: ImportedPerson,
  ): Promise<void> {
    await tx
      .getRepository(UserEntity)
      .update(
        { id: userId, organizationId },
        { name: person.name, ...(person.role ? { role: person.role } : {}) },
      );
  }

  /** The language and time zone lines gave; other preferences keep their values or defaults. */
  async savePreferences(
    tx: EntityManager,
    people: { userId: number; person: ImportedPerson }[],
  ): Promise<void> {
    const given = people.filter(
      ({ person }) => person.language !== null || person.timeZone !== null,
    );
    if (!given.length) return;
    // Raw SQL: one upsert for a batch that keeps what a line left blank: a blank language keeps
    // the person's choice, or none (the organization's default, else the browser's).
    await tx.query(
      `INSERT INTO user_preferences (user_id, language, time_zone)
       SELECT p.user_id, p.language, p.time_zone
         FROM unnest($1::int[], $2::text[], $3::text[]) AS p(user_id, language, time_zone)
       ON CONFLICT (user_id) DO UPDATE
         SET language = coalesce(EXCLUDED.language, user_preferences.language),
             time_zone = coalesce(EXCLUDED.time_zone, user_preferences.time_zone),
             updated_at = now()`,
      [
        given.map(({ userId }) => userId),
        given.map(({ person }) => person.language),
        given.map(({ person }) => person.timeZone),
      ],
    );
  }

  async saveRows(tx: EntityManager, importId: number, rows: RowRecord[]): Promise<void> {
    if (!rows.length) return;
    await tx
      .createQueryBuilder()
      .insert()
      .into(PeopleImportRowEntity)
      .values(rows.map((row) => ({ ...row, importId, invited: false })))
      .orIgnore()
      .execute();
  }

  /** Lines whose job functions were not assigned yet (a run stopped between the two), in order. */
  async unassignedLines(
    importId: number,
    afterRow: number,
    limit: number,
  ): Promise<UnassignedLine[]> {
    const rows = await this.db.getRepository(PeopleImportRowEntity).find({
      where: {
        importId,
        rowNumber: MoreThan(afterRow),
        unassignedJobFunctionIds: Not(IsNull()),
        userId: Not(IsNull()),
      },
      order: { rowNumber: 'ASC' },
      take: limit,
    });
    return rows.map((row) => ({
      rowNumber: row.rowNumber,
      userId: row.userId!,
      jobFunctionIds: row.unassignedJobFunctionIds!,
    }));
  }

  async markAssigned(importId: number, rowNumbers: number[]): Promise<void> {
    if (!rowNumbers.length) return;
    await this.db
      .getRepository(PeopleImportRowEntity)
      .update({ importId, rowNumber: In(rowNumbers) }, { unassignedJobFunctionIds: null });
  }

  /**
   * Created users whose invitation has not gone yet (a run stopped between the two), but for
   * those the mail server refused for good.
   */
  rowsToInvite(importId: number): Promise<PeopleImportRowEntity[]> {
    return this.db.getRepository(PeopleImportRowEntity).find({
      where: { importId, outcome: 'created', invited: false, invitationRefused: IsNull() },
      order: { rowNumber: 'ASC' },
    });
  }

  async markRefused(importId: number, refused: { rowNumber: number; reason: string }[]) {
    for (const { rowNumber, reason } of refused)
      await this.db
        .getRepository(PeopleImportRowEntity)
        .update({ importId, rowNumber }, { invitationRefused: reason.slice(0, 500) });
  }

  async markInvited(importId: number, rowNumbers: number[]): Promise<void> {
    if (!rowNumbers.length) return;
    await this.db
      .getRepository(PeopleImportRowEntity)
      .update({ importId, rowNumber: In(rowNumbers) }, { invited: true });
  }

  /** Of these users, those still of the organization (the others were deleted since). */
  async stillMembers(organizationId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const users = await this.db
      .getRepository(UserEntity)
      .find({ select: { id: true }, where: { id: In(ids), organizationId } });
    return new Set(users.map((user) => user.id));
  }

  /** Users still pending (an invitation to send), by id. */
  async pendingUsers(ids: number[]): Promise<Map<number, UserEntity>> {
    if (!ids.length) return new Map();
    const users = await this.db
      .getRepository(UserEntity)
      .find({ where: { id: In(ids), isActive: false } });
    return new Map(users.map((user) => [user.id, user]));
  }

  /** The import's figures, counted from its lines (so a run taken again never counts twice). */
  async figures(importId: number) {
    const rows = await this.db
      .getRepository(PeopleImportRowEntity)
      .createQueryBuilder('r')
      .select('r.outcome', 'outcome')
      .addSelect('count(*)::int', 'count')
      .addSelect('count(*) FILTER (WHERE r.invited)::int', 'invited')
      .where('r.import_id = :importId', { importId })
      .groupBy('r.outcome')
      .getRawMany<{ outcome: RowOutcome; count: number; invited: number }>();
    const count = (outcome: RowOutcome) => rows.find((row) => row.outcome === outcome)?.count ?? 0;
    return {
      processedRows: rows.reduce((sum, row) => sum + row.count, 0),
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      invited: rows.reduce((sum, row) => sum + row.invited, 0),
    };
  }

  async rejected(importId: number, afterRow: number, limit: number): Promise<RefusedRow[]> {
    const rows = await this.db.getRepository(PeopleImportRowEntity).find({
      where: { importId, outcome: 'refused', rowNumber: MoreThan(afterRow) },
      order: { rowNumber: 'ASC' },
      take: limit,
    });
    return rows.map((row) => refusedRow(row.rowNumber, row.email, row.reason ?? ''));
  }
}

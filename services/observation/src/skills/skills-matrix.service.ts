import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  JOB_FUNCTION_NOT_FOUND,
  libraryRpc,
  Role,
  type SkillCell,
  SKILLS_MATRIX_STAFF,
  SKILLS_MATRIX_VIEWERS,
  type SkillsMatrix,
  type SkillsMatrixQuery,
  type SkillsMatrixRow,
} from '@hub/proto';
import { requireRole, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { type Member, Members } from '../team/members.js';
import { DEPARTMENTS } from '../team/team.service.js';
import { isGap, skillLevel } from './skill-level.js';
import {
  type CertificationRow,
  type LatestRow,
  type MatrixColumn,
  SkillsMatrixRepository,
} from './skills-matrix.repository.js';

export interface PageOptions {
  pageSize: number;
  /** Column gaps over every selected row: one more query, which the export needs only once. */
  withTotals: boolean;
}

const key = (userId: number, documentId: number) => `${userId}:${documentId}`;

/**
 * The skills matrix: people (from identity) x SOPs, filtered and paged in memory (identity
 * answers the organization's people in one call), then the page's cells from three set queries.
 */
@Injectable()
export class SkillsMatrixService {
  constructor(
    @Inject(SkillsMatrixRepository) private readonly repository: SkillsMatrixRepository,
    @Inject(Members) private readonly members: Members,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  async page(actor: Actor, query: SkillsMatrixQuery, options: PageOptions): Promise<SkillsMatrix> {
    requireRole(actor, SKILLS_MATRIX_VIEWERS);
    const organizationId = actor.organizationId;
    const [selection, everyone] = await Promise.all([
      this.columnsOf(organizationId, query.jobFunctionId),
      this.members.all(organizationId),
    ]);
    const people = selectPeople(everyone, actor, query, selection.memberIds);
    const columns = await this.titled(organizationId, selection.columns);
    const documentIds = columns.map((column) => column.documentId);
    const totalPages = Math.max(1, Math.ceil(people.length / options.pageSize));
    const shown = people.slice((query.page - 1) * options.pageSize, query.page * options.pageSize);
    const shownIds = shown.map((person) => person.id);
    const [latest, certifications, requirements, columnGaps] = await Promise.all([
      this.repository.latestObservations(organizationId, shownIds, documentIds),
      this.repository.certifications(organizationId, shownIds, documentIds),
      this.repository.requirements(organizationId, shownIds),
      options.withTotals
        ? this.repository.columnGaps(
            organizationId,
            people.map((person) => person.id),
            documentIds,
          )
        : Promise.resolve(new Map<number, number>()),
    ]);
    const rows = buildRows(shown, columns, { latest, certifications, ...requirements }, new Date());
    const sops = columns.map((column) => ({
      documentId: column.documentId,
      title: column.title,
      gaps: columnGaps.get(column.documentId) ?? 0,
    }));
    return {
      sops,
      rows,
      page: query.page,
      pageSize: options.pageSize,
      totalRows: people.length,
      totalPages,
      totalGaps: sops.reduce((sum, sop) => sum + sop.gaps, 0),
    };
  }

  private async columnsOf(organizationId: number, jobFunctionId: number | undefined) {
    if (jobFunctionId === undefined) {
      return {
        columns: await this.repository.organizationColumns(organizationId),
        memberIds: null,
      };
    }
    const selected = await this.repository.functionColumns(organizationId, jobFunctionId);
    if (!selected) throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    return { columns: selected.columns, memberIds: new Set(selected.memberIds) };
  }

  /** The library's current titles where the SOP still exists; recorded titles otherwise. */
  private async titled(organizationId: number, columns: MatrixColumn[]) {
    const current = columns.length
      ? await this.rpc.call(libraryRpc.sopTitles, {
          organizationId,
          documentIds: columns.map((column) => column.documentId),
        })
      : [];
    const titles = new Map(current.map((sop) => [sop.id, sop.title]));
    return columns
      .map((column) => ({ ...column, title: titles.get(column.documentId) ?? column.title }))
      .sort(
        (a, b) =>
          a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) ||
          a.documentId - b.documentId,
      );
  }
}

/** Active people the actor may see (staff: everyone; others: themselves), filtered, by name. */
export function selectPeople(
  everyone: Member[],
  actor: Actor,
  query: SkillsMatrixQuery,
  functionMembers: Set<number> | null,
): Member[] {
  const staff = SKILLS_MATRIX_STAFF.includes(actor.role);
  const search = query.search?.toLowerCase() ?? '';
  return everyone
    .filter(
      (person) =>
        person.isActive &&
        (staff || person.id === actor.userId) &&
        (functionMembers === null || functionMembers.has(person.id)) &&
        (query.role === undefined || person.role === query.role) &&
        (search === '' ||
          person.name.toLowerCase().includes(search) ||
          person.email.toLowerCase().includes(search)),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

interface PageRecords {
  latest: LatestRow[];
  certifications: CertificationRow[];
  required: { user_id: number; document_id: number }[];
  functions: { user_id: number; name: string }[];
}

function buildRows(
  people: Member[],
  columns: MatrixColumn[],
  records: PageRecords,
  now: Date,
): SkillsMatrixRow[] {
  const latest = new Map(records.latest.map((row) => [key(row.operator_id, row.document_id), row]));
  const held = new Map(
    records.certifications.map((row) => [key(row.user_id, row.subject_id), row]),
  );
  const required = new Set(records.required.map((row) => key(row.user_id, row.document_id)));
  const functions = new Map<number, string[]>();
  for (const row of records.functions) {
    functions.set(row.user_id, [...(functions.get(row.user_id) ?? []), row.name]);
  }
  return people.map((person) => {
    const cells = columns.map((column): SkillCell => {
      const cellKey = key(person.id, column.documentId);
      const observation = latest.get(cellKey) ?? null;
      const certification = held.get(cellKey);
      const level = skillLevel(
        observation,
        certification
          ? {
              expiresAt: certification.expires_at,
              revokedAt: certification.revoked_at,
              needsReobservation: certification.reobservation_version !== null,
            }
          : null,
        now,
      );
      const isRequired = required.has(cellKey);
      return {
        documentId: column.documentId,
        level,
        score: observation?.score == null ? null : Number(observation.score),
        date: observation
          ? (observation.completed_at ?? observation.started_at).toISOString()
          : null,
        required: isRequired,
        gap: isGap(level, isRequired),
      };
    });
    const role = Role.parse(person.role);
    return {
      userId: person.id,
      name: person.name,
      email: person.email,
      role,
      department: DEPARTMENTS[role],
      jobFunctions: functions.get(person.id) ?? [],
      gaps: cells.filter((cell) => cell.gap).length,
      cells,
    };
  });
}

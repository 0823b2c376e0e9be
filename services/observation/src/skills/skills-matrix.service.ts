import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  JOB_FUNCTION_NOT_FOUND,
  libraryRpc,
  Role,
  type SkillCell,
  STAFF_ROLES,
  type SkillsMatrix,
  SKILLS_MATRIX_CSV_MAX_BATCH_ROWS,
  type SkillsMatrixCsvStart,
  type SkillsMatrixQuery,
  type SkillsMatrixRow,
} from '@hub/proto';
import { type ChunkWriter, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { type Member, Members } from '../team/members.js';
import { DEPARTMENTS } from '../team/team.service.js';
import { isGap, skillLevel } from './skill-level.js';
import {
  emptyCell,
  gapsLine,
  headerLine,
  type MatrixTexts,
  matrixCsvLines,
} from './skills-matrix-csv.js';
import {
  type CertificationRow,
  type LatestRow,
  type MatrixColumn,
  SkillsMatrixRepository,
} from './skills-matrix.repository.js';

export interface PageOptions {
  pageSize: number;
  /** Column gaps over every selected row: one more query. */
  withTotals: boolean;
  /** SOP columns a page (query.sopPage); every SOP when absent. */
  sopPageSize?: number;
}

/** The filters of the export (every page of them). */
export type MatrixFilter = Pick<SkillsMatrixQuery, 'jobFunctionId' | 'role' | 'search'>;

/** One collator for every sort: localeCompare with options builds one per comparison. */
const byText = new Intl.Collator('en', { sensitivity: 'base' });

const key = (userId: number, documentId: number) => `${userId}:${documentId}`;

/**
 * The skills matrix: people (from identity) x SOPs, filtered and paged in memory (identity
 * answers the organization's people in one call), then the page's cells from three set queries.
 * The CSV export asks identity for everyone once and writes its lines here, batch by batch of
 * people, to the chunk stream the gateway reads.
 */
@Injectable()
export class SkillsMatrixService {
  constructor(
    @Inject(SkillsMatrixRepository) private readonly repository: SkillsMatrixRepository,
    @Inject(Members) private readonly members: Members,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  async page(actor: Actor, query: SkillsMatrixQuery, options: PageOptions): Promise<SkillsMatrix> {
    const organizationId = actor.organizationId;
    // The columns' titles (library) are asked for while identity answers the people.
    const [selection, everyone] = await Promise.all([
      this.titledColumns(organizationId, query.jobFunctionId),
      this.members.all(organizationId),
    ]);
    const people = selectPeople(everyone, actor, query, selection.memberIds);
    const columns = selection.columns;
    const allIds = columns.map((column) => column.documentId);
    const sopPageSize = options.sopPageSize ?? Math.max(1, columns.length);
    const shownColumns = columns.slice(
      (query.sopPage - 1) * sopPageSize,
      query.sopPage * sopPageSize,
    );
    const shown = people.slice((query.page - 1) * options.pageSize, query.page * options.pageSize);
    const shownIds = shown.map((person) => person.id);
    const [latest, certifications, requirements, columnGaps] = await Promise.all([
      this.repository.latestObservations(
        organizationId,
        shownIds,
        shownColumns.map((column) => column.documentId),
      ),
      // Every SOP's: a row's gaps count them all, not only this page's columns.
      this.repository.certifications(organizationId, shownIds, allIds),
      this.repository.requirements(organizationId, shownIds),
      options.withTotals
        ? this.repository.columnGaps(
            organizationId,
            people.map((person) => person.id),
            allIds,
          )
        : Promise.resolve(new Map<number, number>()),
    ]);
    const records = { latest, certifications, ...requirements };
    return {
      sops: shownColumns.map((column) => ({
        documentId: column.documentId,
        title: column.title,
        gaps: columnGaps.get(column.documentId) ?? 0,
      })),
      rows: buildRows(shown, { shown: shownColumns, all: new Set(allIds) }, records, new Date()),
      page: query.page,
      pageSize: options.pageSize,
      totalRows: people.length,
      totalPages: Math.max(1, Math.ceil(people.length / options.pageSize)),
      sopPage: query.sopPage,
      sopPageSize,
      totalSops: columns.length,
      totalSopPages: Math.max(1, Math.ceil(columns.length / sopPageSize)),
      totalGaps: [...columnGaps.values()].reduce((sum, gaps) => sum + gaps, 0),
    };
  }

  /**
   * The CSV export, checked: its people (identity asked for the organization's once) and
   * columns (titled by the library), and the writer of its file. A refusal (a job function of
   * another organization) is thrown here, before anything is written.
   */
  async csvExport(
    actor: Actor,
    filter: MatrixFilter,
    texts: MatrixTexts,
  ): Promise<(writer: ChunkWriter) => Promise<string>> {
    const [selection, everyone] = await Promise.all([
      this.titledColumns(actor.organizationId, filter.jobFunctionId),
      this.members.all(actor.organizationId),
    ]);
    const people = selectPeople(everyone, actor, filter, selection.memberIds);
    return (writer) =>
      this.writeCsv(actor.organizationId, people, selection.columns, texts, writer);
  }

  /**
   * The stream of the matrix (SkillsMatrixCsvStart): its start as JSON, then each batch of
   * SKILLS_MATRIX_CSV_MAX_BATCH_ROWS people's lines as JSON (their records read while the batch
   * before is sent, never two ahead), then the gaps line, counted meanwhile, as the trailer.
   * The lines carry only the cells with records: the gateway writes the empty ones (58 MiB of
   * them through Redis made the reader the bottleneck). The writer waits while the reader is
   * behind, so this holds two batches at most.
   */
  private async writeCsv(
    organizationId: number,
    people: Member[],
    columns: MatrixColumn[],
    texts: MatrixTexts,
    writer: ChunkWriter,
  ): Promise<string> {
    const documentIds = columns.map((column) => column.documentId);
    const columnGaps = this.repository.columnGaps(
      organizationId,
      people.map((person) => person.id),
      documentIds,
    );
    // Awaited last; a failure meanwhile (the reader gone first) must not count as unhandled.
    columnGaps.catch(() => undefined);
    const size = SKILLS_MATRIX_CSV_MAX_BATCH_ROWS;
    const read = (start: number) => {
      if (start >= people.length) return null;
      const lines = this.csvLines(
        organizationId,
        people.slice(start, start + size),
        documentIds,
        texts,
      );
      lines.catch(() => undefined);
      return lines;
    };
    let next = read(0);
    const start: SkillsMatrixCsvStart = {
      header: headerLine(
        texts,
        columns.map((column) => column.title),
      ),
      emptyCell: emptyCell(texts, new Date()),
      columns: documentIds.length,
    };
    await writer.write(JSON.stringify(start));
    for (let from = size; next; from += size) {
      const lines = await next;
      next = read(from);
      await writer.write(JSON.stringify(lines));
    }
    const counted = await columnGaps;
    const gaps = documentIds.map((documentId) => counted.get(documentId) ?? 0);
    return gapsLine(
      texts,
      gaps.reduce((sum, n) => sum + n, 0),
      gaps,
    );
  }

  /** These people's lines over these SOPs, from four set queries. */
  private async csvLines(
    organizationId: number,
    people: Member[],
    documentIds: number[],
    texts: MatrixTexts,
  ) {
    const ids = people.map((person) => person.id);
    const [latest, certifications, functions, gaps] = await Promise.all([
      this.repository.latestObservations(organizationId, ids, documentIds),
      this.repository.certifications(organizationId, ids, documentIds),
      this.repository.functionNames(organizationId, ids),
      this.repository.rowGaps(organizationId, ids, documentIds),
    ]);
    return matrixCsvLines(
      people,
      documentIds,
      { latest, certifications, functions, gaps },
      new Date(),
      texts,
    );
  }

  /** The matrix's columns with their current titles, and the function's members if any. */
  private async titledColumns(organizationId: number, jobFunctionId: number | undefined) {
    const found = await this.columnsOf(organizationId, jobFunctionId, true);
    return { ...found, columns: await this.titled(organizationId, found.columns) };
  }

  private async columnsOf(
    organizationId: number,
    jobFunctionId: number | undefined,
    discover: boolean,
  ) {
    if (jobFunctionId === undefined) {
      const columns = discover ? await this.repository.organizationColumns(organizationId) : [];
      return { columns, memberIds: null };
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
      .sort((a, b) => byText.compare(a.title, b.title) || a.documentId - b.documentId);
  }
}

/** Active people the actor may see (staff: everyone; others: themselves), filtered, by name. */
export function selectPeople(
  everyone: Member[],
  actor: Actor,
  query: Pick<SkillsMatrixQuery, 'role' | 'search'>,
  functionMembers: Set<number> | null,
): Member[] {
  const staff = STAFF_ROLES.includes(actor.role);
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
    .sort((a, b) => byText.compare(a.name, b.name) || a.id - b.id);
}

interface PageRecords {
  latest: LatestRow[];
  certifications: CertificationRow[];
  required: { user_id: number; document_id: number }[];
  functions: { user_id: number; name: string }[];
}

function buildRows(
  people: Member[],
  columns: { shown: MatrixColumn[]; all: Set<number> },
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
  const heldOf = (cellKey: string) => {
    const certification = held.get(cellKey);
    return certification
      ? {
          expiresAt: certification.expires_at,
          revokedAt: certification.revoked_at,
          needsReobservation: certification.reobservation_version !== null,
        }
      : null;
  };
  // A gap depends on the certification alone (in force, no re-observation due), so a row's
  // gaps over every SOP need no observation of the columns this page does not show.
  const rowGaps = new Map<number, number>();
  for (const row of records.required) {
    const cellKey = key(row.user_id, row.document_id);
    if (columns.all.has(row.document_id) && isGap(skillLevel(null, heldOf(cellKey), now), true))
      rowGaps.set(row.user_id, (rowGaps.get(row.user_id) ?? 0) + 1);
  }
  return people.map((person) => {
    const cells = columns.shown.map((column): SkillCell => {
      const cellKey = key(person.id, column.documentId);
      const observation = latest.get(cellKey) ?? null;
      const level = skillLevel(observation, heldOf(cellKey), now);
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
      gaps: rowGaps.get(person.id) ?? 0,
      cells,
    };
  });
}

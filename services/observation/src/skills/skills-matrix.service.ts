import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type Actor,
  JOB_FUNCTION_NOT_FOUND,
  libraryRpc,
  type MemberFilter,
  type MemberKey,
  type SkillsMatrix,
  SKILLS_MATRIX_CSV_MAX_BATCH_ROWS,
  type SkillsMatrixCsvStart,
  type SkillsMatrixQuery,
} from '@hub/proto';
import { type ChunkWriter, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import {
  MEMBER_ID_PAGE,
  MEMBER_ID_PAGE_SIZE,
  type Member,
  Members,
  type MemberSearch,
} from '../team/members.js';
import { FunctionPeople } from './function-people.js';
import { type PeopleFilter, peopleFilter, selectsPeople } from './people-filter.js';
import {
  emptyCell,
  gapsLine,
  headerLine,
  type MatrixTexts,
  matrixCsvLines,
} from './skills-matrix-csv.js';
import { buildRows } from './skills-matrix-rows.js';
import { uncountedPeople } from './uncounted-people.js';
import { lessGaps, type MatrixColumn, SkillsMatrixRepository } from './skills-matrix.repository.js';

export interface PageOptions {
  pageSize: number;
  /** Column gaps over every selected row: one more query. */
  withTotals: boolean;
  /** SOP columns a page (query.sopPage); every SOP when absent. */
  sopPageSize?: number;
}

/** The filters of the export (every page of them). */
export type MatrixFilter = Pick<SkillsMatrixQuery, 'jobFunctionId' | 'role' | 'search'>;

/** One collator for the columns' sort: localeCompare with options builds one per comparison. */
const byText = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The skills matrix: people (from identity) x SOPs. Identity filters, orders and pages the
 * people in SQL; the page's cells come from three set queries. The CSV export asks identity for
 * its people a batch at a time and writes their lines here to the chunk stream the gateway reads.
 */
@Injectable()
export class SkillsMatrixService {
  constructor(
    @Inject(SkillsMatrixRepository) private readonly repository: SkillsMatrixRepository,
    @Inject(Members) private readonly members: Members,
    @Inject(RPC) private readonly rpc: RpcClient,
    /** People named in one message at most (memberIdPage's and memberPage's most). */
    @Optional()
    @Inject(MEMBER_ID_PAGE_SIZE)
    private readonly batchSize: number = MEMBER_ID_PAGE,
  ) {}

  async page(actor: Actor, query: SkillsMatrixQuery, options: PageOptions): Promise<SkillsMatrix> {
    const organizationId = actor.organizationId;
    // Without a job function the people do not depend on the columns: identity is asked for
    // them (the page, and a search's selection for the gaps) while the columns are found, not
    // after (23-35 ms at 100,000 people under load).
    const early = query.jobFunctionId === undefined ? peopleFilter(actor, query, null) : null;
    const askIdentity = (people: PeopleFilter) => {
      const offset = (query.page - 1) * options.pageSize;
      if (this.manyNamed(people.filter)) {
        // A job function's holders, more than one message names: read a batch at a time.
        const page = quiet(this.functionPeople(people.filter).page(offset, options.pageSize));
        const wanted = options.withTotals && selectsPeople(people);
        return { page, selection: wanted ? quiet(this.selectionOf(people.filter)) : undefined };
      }
      if (!(options.withTotals && selectsPeople(people)))
        return {
          page: quiet(this.members.page(people.filter, offset, options.pageSize)),
          selection: undefined,
        };
      // One search answers both (two calls searched the 100,001 names four times).
      const found = quiet(this.members.search(people.filter, offset, options.pageSize));
      return { page: found, selection: quiet(found.then((answer) => answer.selection)) };
    };
    const asked = early ? askIdentity(early) : null;
    const found = await this.columnsOf(organizationId, query.jobFunctionId, true);
    const people = early ?? peopleFilter(actor, query, found.memberIds);
    const identity = asked ?? askIdentity(people);
    const allIds = found.columns.map((column) => column.documentId);
    // Identity answers the page's people and their count in SQL (never the whole organization);
    // the column gaps are counted meanwhile, and the library titles the columns meanwhile (the
    // gaps and the people need only the columns' ids; the titles order the columns' pages).
    const columnGaps = quiet(
      options.withTotals
        ? this.columnGaps(people, allIds, identity.selection)
        : Promise.resolve(new Map<number, number>()),
    );
    const pageOfPeople = identity.page;
    const columns = await this.titled(organizationId, found.columns);
    const sopPageSize = options.sopPageSize ?? Math.max(1, columns.length);
    const shownColumns = columns.slice(
      (query.sopPage - 1) * sopPageSize,
      query.sopPage * sopPageSize,
    );
    const { members: shown, total } = await pageOfPeople;
    const shownIds = shown.map((person) => person.id);
    const [latest, certifications, requirements, gaps] = await Promise.all([
      this.repository.latestObservations(
        organizationId,
        shownIds,
        shownColumns.map((column) => column.documentId),
      ),
      // Every SOP's: a row's gaps count them all, not only this page's columns.
      this.repository.certifications(organizationId, shownIds, allIds),
      this.repository.requirements(organizationId, shownIds),
      columnGaps,
    ]);
    const records = { latest, certifications, ...requirements };
    return {
      sops: shownColumns.map((column) => ({
        documentId: column.documentId,
        title: column.title,
        gaps: gaps.get(column.documentId) ?? 0,
      })),
      rows: buildRows(shown, { shown: shownColumns, all: new Set(allIds) }, records, new Date()),
      page: query.page,
      pageSize: options.pageSize,
      totalRows: total,
      totalPages: Math.max(1, Math.ceil(total / options.pageSize)),
      sopPage: query.sopPage,
      sopPageSize,
      totalSops: columns.length,
      totalSopPages: Math.max(1, Math.ceil(columns.length / sopPageSize)),
      totalGaps: [...gaps.values()].reduce((sum, n) => sum + n, 0),
    };
  }

  /**
   * Gaps per SOP over the selected people. Without a search or role the selection is the job
   * function's members (or every member of a function) less the people not counted (pending or
   * suspended), so SQL counts them from job_function_members with only those ids (few) sent; a
   * search or role sends identity's ids of the selection, or of the organization's other people
   * when those are fewer (a search matching 99,999 people of 100,001: 100,000 ids took the gaps
   * query 2.6 s to plan and run), counted as every function member's but those.
   */
  private async columnGaps(
    people: PeopleFilter,
    documentIds: number[],
    /** Identity's selection when asked already (the page asks it before the columns). */
    selection: Promise<MemberSearch['selection']> | undefined,
  ) {
    const { organizationId } = people.filter;
    if (documentIds.length === 0) return new Map<number, number>();
    if (selectsPeople(people)) {
      const selected = await (selection ?? this.selectionOf(people.filter));
      return this.repository.columnGaps(
        organizationId,
        selected.kind === 'listed'
          ? { userIds: selected.userIds }
          : { jobFunctionId: people.jobFunctionId, excludedIds: selected.userIds },
        documentIds,
      );
    }
    if (people.jobFunctionId === undefined) {
      // Counted over every member while identity answers who is not counted (the request was
      // 30-50 ms before the query), then their own gaps taken off: a person's gaps are theirs
      // alone, so the sums are those of the members but them.
      const [everyone, uncounted] = await Promise.all([
        this.repository.columnGaps(
          organizationId,
          { jobFunctionId: undefined, excludedIds: [] },
          documentIds,
        ),
        this.uncounted(organizationId),
      ]);
      if (uncounted.length === 0) return everyone;
      return lessGaps(
        everyone,
        await this.repository.columnGaps(organizationId, { userIds: uncounted }, documentIds),
      );
    }
    return this.repository.columnGaps(
      organizationId,
      { jobFunctionId: people.jobFunctionId, excludedIds: await this.uncounted(organizationId) },
      documentIds,
    );
  }

  /** Whether the filter names more people than one message may (a job function's holders). */
  private manyNamed(filter: MemberFilter): boolean {
    return (filter.userIds?.length ?? 0) > this.batchSize;
  }

  /** The function's people by name, a batch of them a message (FunctionPeople). */
  private functionPeople(filter: MemberFilter): FunctionPeople {
    return new FunctionPeople(this.members, filter, this.batchSize);
  }

  /**
   * The filter's selection: with many people named, their ids among them, a batch a message
   * (memberIdPage); else identity's search (listed or excluded, walked a page at a time).
   */
  private async selectionOf(filter: MemberFilter): Promise<MemberSearch['selection']> {
    if (!this.manyNamed(filter)) return this.members.selection(filter);
    return { kind: 'listed', userIds: await this.members.ids(filter) };
  }

  /** The people the matrix leaves out: pending and suspended ones (uncountedPeople). */
  private uncounted(organizationId: number): Promise<number[]> {
    return uncountedPeople(this.members, organizationId);
  }

  /**
   * The CSV export, checked: its people's filter and columns (titled by the library), and the
   * writer of its file. A refusal (a job function of another organization) is thrown here,
   * before anything is written.
   */
  async csvExport(
    actor: Actor,
    filter: MatrixFilter,
    texts: MatrixTexts,
  ): Promise<(writer: ChunkWriter) => Promise<string>> {
    const selection = await this.titledColumns(actor.organizationId, filter.jobFunctionId);
    const people = peopleFilter(actor, filter, selection.memberIds);
    return (writer) => this.writeCsv(people, selection.columns, texts, writer);
  }

  /**
   * The stream of the matrix (SkillsMatrixCsvStart): its start as JSON, then each batch of
   * SKILLS_MATRIX_CSV_MAX_BATCH_ROWS people's lines as JSON (the batch's people asked of
   * identity, a page at a time, and their records read while the batch before is sent, never
   * two ahead), then the gaps line, counted meanwhile, as the trailer. The lines carry only the
   * cells with records: the gateway writes the empty ones (58 MiB of them through Redis made
   * the reader the bottleneck). The writer waits while the reader is behind, so this holds two
   * batches at most.
   */
  private async writeCsv(
    people: PeopleFilter,
    columns: MatrixColumn[],
    texts: MatrixTexts,
    writer: ChunkWriter,
  ): Promise<string> {
    const organizationId = people.filter.organizationId;
    const documentIds = columns.map((column) => column.documentId);
    // Awaited last; a failure meanwhile (the reader gone first) must not count as unhandled.
    const columnGaps = quiet(this.columnGaps(people, documentIds, undefined));
    const size = SKILLS_MATRIX_CSV_MAX_BATCH_ROWS;
    const nextPeople = this.peopleBatches(people.filter, size);
    const read = () => {
      const batch = nextPeople().then(async (members) => ({
        lines: members.length
          ? await this.csvLines(organizationId, members, documentIds, texts)
          : [],
        last: members.length < size,
      }));
      batch.catch(() => undefined);
      return batch;
    };
    let next: ReturnType<typeof read> | null = read();
    const start: SkillsMatrixCsvStart = {
      header: headerLine(
        texts,
        columns.map((column) => column.title),
      ),
      emptyCell: emptyCell(texts, new Date()),
      columns: documentIds.length,
    };
    await writer.write(JSON.stringify(start));
    while (next) {
      const batch: Awaited<ReturnType<typeof read>> = await next;
      next = batch.last ? null : read();
      if (batch.lines.length) await writer.write(JSON.stringify(batch.lines));
    }
    const counted = await columnGaps;
    const gaps = documentIds.map((documentId) => counted.get(documentId) ?? 0);
    return gapsLine(
      texts,
      gaps.reduce((sum, n) => sum + n, 0),
      gaps,
    );
  }

  /**
   * The filter's people a batch of `size` at a time, by name. After the last person of the
   * batch before, not at an offset: people added or removed while the export runs shift no
   * batch (nobody twice, nobody left out who stayed). A job function's holders: FunctionPeople,
   * which reads on from where it was.
   */
  private peopleBatches(filter: MemberFilter, size: number): () => Promise<Member[]> {
    if (this.manyNamed(filter)) {
      const walk = this.functionPeople(filter);
      return () => walk.take(size);
    }
    let after: MemberKey | undefined;
    return async () => {
      const { members } = await this.members.pageAfter(filter, after, size);
      const end = members.at(-1);
      if (end) after = { name: end.name, id: end.id };
      return members;
    };
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
    return { columns: selected.columns, memberIds: selected.memberIds };
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

/** A promise whose rejection is handled where it is awaited, not reported before. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

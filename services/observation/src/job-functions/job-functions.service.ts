import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type ChangeJobFunctionMembersRequest,
  DUPLICATE_JOB_FUNCTION,
  JOB_FUNCTION_MEMBERS_PAGE,
  JOB_FUNCTION_NOT_FOUND,
  type JobFunction,
  type JobFunctionList,
  type JobFunctionMember,
  type JobFunctionMemberPage,
  libraryRpc,
  type PageRequest,
  type RequiredSop,
  Role,
  type SaveJobFunctionRequest,
  UNKNOWN_MEMBERS,
  UNKNOWN_SOPS,
} from '@hub/proto';
import { decodeCursor, isUniqueViolation, pageOf, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { uncountedPeople } from '../skills/uncounted-people.js';
import { type Member, Members } from '../team/members.js';
import { JobFunctionMembersRepository } from './job-function-members.repository.js';
import { type JobFunctionHeading, JobFunctionsRepository } from './job-functions.repository.js';

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/** A holders' page's cursor: the last holder's user id. */
const holderKey = (userId: number) => [String(userId)];

/**
 * Job functions of an organization: what SOPs each requires and who holds it. Coverage counts a
 * required SOP when its holder's certification is in force (active or expiring soon).
 */
@Injectable()
export class JobFunctionsService {
  constructor(
    @Inject(JobFunctionsRepository) private readonly repository: JobFunctionsRepository,
    @Inject(JobFunctionMembersRepository)
    private readonly memberships: JobFunctionMembersRepository,
    @Inject(Members) private readonly members: Members,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  async list(actor: Actor): Promise<JobFunctionList> {
    const headings = await this.repository.headings(actor.organizationId);
    return { jobFunctions: await this.views(actor.organizationId, headings) };
  }

  /** The function's holders after the cursor, by user id; `among` narrows them to those people. */
  async memberPage(
    actor: Actor,
    id: number,
    page: PageRequest,
    among: number[] | undefined,
  ): Promise<JobFunctionMemberPage> {
    const { organizationId } = actor;
    const [heading] = await this.repository.headings(organizationId, id);
    if (!heading) throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    const after = decodeCursor(page.cursor, ['id']);
    const [read, totalCount] = await Promise.all([
      this.memberships.holders(
        [id],
        page.limit + 1,
        after ? Number(after[0]) : null,
        among ?? null,
      ),
      among ? this.memberships.holderCount(id, among) : heading.memberCount,
    ]);
    const { rows, nextCursor } = pageOf(read.get(id)!, page.limit, holderKey);
    const [people, certified] = await Promise.all([
      this.members.byIds(organizationId, rows),
      this.repository.certifiedPairs(organizationId, rows, documentIdsOf([heading])),
    ]);
    const byId = new Map(people.map((person) => [person.id, person]));
    return { totalCount, nextCursor, members: memberViews(heading, rows, byId, certified) };
  }

  async create(actor: Actor, request: SaveJobFunctionRequest): Promise<JobFunction> {
    const saved = await this.saved(actor.organizationId, request);
    const id = await this.unique(() =>
      this.repository.create(actor.organizationId, actor.userId, saved),
    );
    return this.one(actor.organizationId, id);
  }

  async update(actor: Actor, id: number, request: SaveJobFunctionRequest): Promise<JobFunction> {
    const saved = await this.saved(actor.organizationId, request);
    const found = await this.unique(() => this.repository.update(actor.organizationId, id, saved));
    if (!found) throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    return this.one(actor.organizationId, id);
  }

  async remove(actor: Actor, id: number) {
    if (!(await this.repository.remove(actor.organizationId, id))) {
      throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    }
    return { message: 'Job function deleted' };
  }

  /** Names and member ids only: the people import's check, for any organization a service names. */
  async directory(organizationId: number) {
    const records = await this.repository.list(organizationId);
    return {
      jobFunctions: records.map(({ id, name, memberIds }) => ({ id, name, memberIds })),
    };
  }

  /** The people import's assignments: identity created or owns these people. */
  async addMembers(
    organizationId: number,
    assignments: { userId: number; jobFunctionIds: number[] }[],
  ): Promise<{ added: number }> {
    const pairs = assignments.flatMap(({ userId, jobFunctionIds }) =>
      jobFunctionIds.map((jobFunctionId) => ({ userId, jobFunctionId })),
    );
    return { added: await this.memberships.addMembers(organizationId, pairs) };
  }

  async setMembers(actor: Actor, id: number, userIds: number[]): Promise<JobFunction> {
    const unique = await this.ownPeople(actor.organizationId, userIds, 'userIds');
    if (!(await this.memberships.setMembers(actor.organizationId, id, unique))) {
      throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    }
    return this.one(actor.organizationId, id);
  }

  /**
   * Adds and removes holders, the others kept: a chooser shows some of thousands, so it sends
   * what changed, never a whole list it could not hold. A function of another organization is
   * left unchanged (the statements are scoped to the actor's) and answered as not found.
   */
  async changeMembers(
    actor: Actor,
    id: number,
    change: ChangeJobFunctionMembersRequest,
  ): Promise<JobFunction> {
    const added = await this.ownPeople(actor.organizationId, change.add, 'add');
    await this.memberships.changeMembers(actor.organizationId, id, added, [
      ...new Set(change.remove),
    ]);
    return this.one(actor.organizationId, id);
  }

  /** These ids, each once, when all are people of the organization. */
  private async ownPeople(organizationId: number, userIds: number[], field: string) {
    const unique = [...new Set(userIds)];
    const people = new Set((await this.members.byIds(organizationId, unique)).map(({ id }) => id));
    if (unique.some((userId) => !people.has(userId))) {
      throw RpcFailure.validation(UNKNOWN_MEMBERS, field);
    }
    return unique;
  }

  private async unique<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error)) throw RpcFailure.validation(DUPLICATE_JOB_FUNCTION, 'name');
      throw error;
    }
  }

  /** The required SOPs must be processed SOPs of the organization; their titles come along. */
  private async saved(organizationId: number, request: SaveJobFunctionRequest) {
    const documentIds = [...new Set(request.documentIds)];
    const sops = documentIds.length
      ? await this.rpc.call(libraryRpc.sopTitles, { organizationId, documentIds })
      : [];
    if (sops.length !== documentIds.length) {
      throw RpcFailure.validation(UNKNOWN_SOPS, 'documentIds');
    }
    const requiredSops: RequiredSop[] = sops.map((sop) => ({
      documentId: sop.id,
      title: sop.title,
    }));
    return { name: request.name, description: request.description, requiredSops };
  }

  private async one(organizationId: number, id: number): Promise<JobFunction> {
    const headings = await this.repository.headings(organizationId, id);
    if (headings.length === 0) throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    const [view] = await this.views(organizationId, headings);
    return view!;
  }

  /**
   * Each function with its first page of holders (identity asked by id for theirs alone, one
   * certification query for all) and its coverage over every holder, counted in SQL.
   */
  private async views(organizationId: number, headings: JobFunctionHeading[]) {
    const ids = headings.map((heading) => heading.id);
    const [firstHolders, coverage] = await Promise.all([
      this.memberships.holders(ids, JOB_FUNCTION_MEMBERS_PAGE + 1),
      this.coverage(organizationId, headings),
    ]);
    const pages = new Map(
      headings.map((heading) => [
        heading.id,
        pageOf(firstHolders.get(heading.id)!, JOB_FUNCTION_MEMBERS_PAGE, holderKey),
      ]),
    );
    const shown = [...new Set([...pages.values()].flatMap((page) => page.rows))];
    const [people, certified] = await Promise.all([
      this.members.byIds(organizationId, shown),
      this.repository.certifiedPairs(organizationId, shown, documentIdsOf(headings)),
    ]);
    const byId = new Map(people.map((person) => [person.id, person]));
    return headings.map((heading): JobFunction => {
      const page = pages.get(heading.id)!;
      return {
        id: heading.id,
        name: heading.name,
        description: heading.description,
        requiredSops: heading.requiredSops,
        members: memberViews(heading, page.rows, byId, certified),
        memberCount: heading.memberCount,
        membersCursor: page.nextCursor,
        coverage: coverage.get(heading.id) ?? null,
      };
    });
  }

  /**
   * The functions' coverage counts whom the skills matrix counts: accepted people not suspended
   * (a pending or suspended holder is listed, with their own figures, not counted). Identity is
   * asked only for those few, and only when some function has both holders and SOPs.
   */
  private async coverage(organizationId: number, headings: JobFunctionHeading[]) {
    const covered = headings.filter(
      (heading) => heading.memberCount && heading.requiredSops.length,
    );
    if (covered.length === 0) return new Map<number, number>();
    return this.repository.coverage(
      organizationId,
      covered.map((heading) => heading.id),
      await uncountedPeople(this.members, organizationId),
    );
  }
}

function documentIdsOf(headings: JobFunctionHeading[]): number[] {
  return [
    ...new Set(headings.flatMap((heading) => heading.requiredSops.map((sop) => sop.documentId))),
  ];
}

/** The holders' own figures, in the page's order; a person identity no longer knows is left out. */
function memberViews(
  heading: JobFunctionHeading,
  userIds: number[],
  people: Map<number, Member>,
  certified: Set<string>,
): JobFunctionMember[] {
  const required = heading.requiredSops.length;
  return userIds.flatMap((userId) => {
    const person = people.get(userId);
    if (!person) return [];
    const missing = heading.requiredSops
      .filter((sop) => !certified.has(`${userId}:${sop.documentId}`))
      .map((sop) => sop.documentId);
    return [
      {
        userId,
        name: person.name,
        role: Role.parse(person.role),
        certified: required - missing.length,
        required,
        coverage: required ? percent(required - missing.length, required) : null,
        missingDocumentIds: missing,
      },
    ];
  });
}

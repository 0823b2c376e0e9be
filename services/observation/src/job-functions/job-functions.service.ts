import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  DUPLICATE_JOB_FUNCTION,
  JOB_FUNCTION_NOT_FOUND,
  type JobFunction,
  type JobFunctionList,
  type JobFunctionMember,
  libraryRpc,
  type RequiredSop,
  Role,
  type SaveJobFunctionRequest,
  UNKNOWN_MEMBERS,
  UNKNOWN_SOPS,
} from '@hub/proto';
import { isUniqueViolation, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { type Member, Members } from '../team/members.js';
import { type JobFunctionRecord, JobFunctionsRepository } from './job-functions.repository.js';

/** People asked of identity by id in one call (membersByIds' most). */
const BY_IDS = 1000;

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * Job functions of an organization: what SOPs each requires and who holds it. Coverage counts a
 * required SOP when its holder's certification is in force (active or expiring soon).
 */
@Injectable()
export class JobFunctionsService {
  constructor(
    @Inject(JobFunctionsRepository) private readonly repository: JobFunctionsRepository,
    @Inject(Members) private readonly members: Members,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  async list(actor: Actor): Promise<JobFunctionList> {
    const records = await this.repository.list(actor.organizationId);
    return { jobFunctions: await this.views(actor.organizationId, records) };
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
    return { added: await this.repository.addMembers(organizationId, pairs) };
  }

  async setMembers(actor: Actor, id: number, userIds: number[]): Promise<JobFunction> {
    const unique = [...new Set(userIds)];
    const people = new Set((await this.people(actor.organizationId, unique)).map(({ id }) => id));
    if (unique.some((userId) => !people.has(userId))) {
      throw RpcFailure.validation(UNKNOWN_MEMBERS, 'userIds');
    }
    if (!(await this.repository.setMembers(actor.organizationId, id, unique))) {
      throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    }
    return this.one(actor.organizationId, id);
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
    const record = await this.repository.find(organizationId, id);
    if (!record) throw RpcFailure.notFound(JOB_FUNCTION_NOT_FOUND);
    const [view] = await this.views(organizationId, [record]);
    return view!;
  }

  /**
   * The organization's people among these ids, as identity answers them by id (1,000 a call):
   * not its whole member list, which at 100,000 people took seconds for a few holders.
   */
  private async people(organizationId: number, userIds: number[]): Promise<Member[]> {
    const batches: number[][] = [];
    for (let start = 0; start < userIds.length; start += BY_IDS)
      batches.push(userIds.slice(start, start + BY_IDS));
    const found = await Promise.all(batches.map((ids) => this.members.some(organizationId, ids)));
    return found.flat();
  }

  /** Identity calls for the holders (by id) and one certification query, for all functions. */
  private async views(organizationId: number, records: JobFunctionRecord[]) {
    const memberIds = [...new Set(records.flatMap((record) => record.memberIds))];
    const documentIds = [
      ...new Set(records.flatMap((record) => record.requiredSops.map((sop) => sop.documentId))),
    ];
    const [people, certified] = await Promise.all([
      this.people(organizationId, memberIds),
      this.repository.certifiedPairs(organizationId, memberIds, documentIds),
    ]);
    const byId = new Map(people.map((person) => [person.id, person]));
    return records.map((record) => view(record, byId, certified));
  }
}

function view(
  record: JobFunctionRecord,
  people: Map<number, Member>,
  certified: Set<string>,
): JobFunction {
  const required = record.requiredSops.length;
  const members: JobFunctionMember[] = [];
  // The function's mean counts whom the skills matrix counts: accepted people not suspended. A
  // pending or suspended one is listed, with their own figures, not counted.
  const counted: JobFunctionMember[] = [];
  for (const userId of record.memberIds) {
    // A person identity no longer knows (deleted meanwhile) is left out.
    const person = people.get(userId);
    if (!person) continue;
    const missing = record.requiredSops
      .filter((sop) => !certified.has(`${userId}:${sop.documentId}`))
      .map((sop) => sop.documentId);
    const member: JobFunctionMember = {
      userId,
      name: person.name,
      role: Role.parse(person.role),
      certified: required - missing.length,
      required,
      coverage: required ? percent(required - missing.length, required) : null,
      missingDocumentIds: missing,
    };
    members.push(member);
    if (person.isActive && !person.suspended) counted.push(member);
  }
  members.sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
  const covered = counted.filter((member) => member.coverage !== null);
  const coverage = covered.length
    ? Math.round(
        (covered.reduce((sum, member) => sum + (member.coverage ?? 0), 0) / covered.length) * 10,
      ) / 10
    : null;
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    requiredSops: record.requiredSops,
    members,
    coverage,
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { SCIM_SCHEMAS, type ScimAnswer, type ScimCall } from '@hub/proto';
import {
  answerScimCall,
  applyPatch,
  memberChanges,
  patchOperations,
  patchWhole,
  refuse,
  savedUnique,
  scimFilter,
  scimList,
  scimPaging,
} from '@hub/kit';
import { z } from 'zod';
import { Members } from '../team/members.js';
import { JobFunctionMembersRepository } from './job-function-members.repository.js';
import {
  type JobFunctionRecord,
  JobFunctionsRepository,
  type NamedJobFunction,
} from './job-functions.repository.js';

/** `created_by` of a job function its organization's identity provider made: no person did. */
const PROVISIONED = 0;
const TAKEN = 'A group with this displayName already exists.';
const REQUIRES_SOPS =
  'This group is a job function with required SOPs, so it cannot be deleted by provisioning. ' +
  'An administrator can remove its required SOPs, or delete the job function, in the product; ' +
  'to stop provisioning it, unlink the group without deleting it.';

interface ScimGroup {
  schemas: string[];
  id: string;
  displayName: string;
  members?: { value: string; display?: string; $ref: string }[];
  meta: { resourceType: 'Group'; created: string; lastModified: string; location: string };
}

/** A group as a list matches it: its holders' ids only when they are read. */
type Listed = NamedJobFunction & Pick<JobFunctionRecord, 'memberIds'>;

const GroupInput = z.object({
  displayName: z.string().trim().min(1).max(120),
  members: z
    .array(z.object({ value: z.union([z.string(), z.number()]).transform(String) }))
    .nullish()
    .transform((members) => members ?? []),
});

/**
 * SCIM Groups (RFC 7644) are the organization's job functions: a group's members are the
 * people who hold the function. Required SOPs and the description stay the administrators';
 * a provider renames a function and sets who holds it.
 */
@Injectable()
export class ScimGroupsService {
  constructor(
    @Inject(JobFunctionsRepository) private readonly functions: JobFunctionsRepository,
    @Inject(JobFunctionMembersRepository) private readonly holders: JobFunctionMembersRepository,
    @Inject(Members) private readonly members: Members,
  ) {}

  handle(call: ScimCall): Promise<ScimAnswer> {
    return answerScimCall(call, this);
  }

  /**
   * A PATCH adding and removing members by id (Okta's and Entra ID's group pushes, a rename with
   * them) changes those alone: identity is asked about the added ids only, and the holders are
   * neither read nor named (a group of 100,000 holders took 100 calls for one member). Any other
   * change to members (a replace of the list) needs the group whole: the kit's PATCH, this
   * replace of the group as read with the operations applied.
   */
  async patch(call: ScimCall): Promise<ScimAnswer> {
    const changes = memberChanges(patchOperations(call.body));
    if (!changes) return patchWhole(call, this);
    const { organizationId } = call.caller;
    const named = await this.named(organizationId, call.id);
    const input = this.parse(applyPatch(bare(named, call.baseUrl), changes.others));
    // Checked before anything is written: a refused member leaves the name as it was too.
    const added = await this.memberIds(
      organizationId,
      changes.added.map((value) => ({ value })),
    );
    // Anything but a user id holds no function: nothing to remove.
    const removed = changes.removed.map(idOf).filter((id) => id !== null);
    await this.change(organizationId, named, input.displayName, added, removed);
    return this.patched(call, named.id);
  }

  /**
   * Only a filter on members needs every group's holders (their names asked of identity); any
   * other matches the groups without their names, and only the page's holders are named, none
   * when members are left out. Left out and not filtered on, the groups' ids and names alone are
   * read: a group of 100,000 holders is not. Else every group's holder ids are read (not asked of
   * identity) to match and page them.
   */
  async list({ caller, query, baseUrl }: ScimCall): Promise<ScimAnswer> {
    const { matches } = scimFilter(query.filter);
    const { offset, limit } = scimPaging(query);
    const withoutMembers = /\bmembers\b/i.test(query.excludedAttributes ?? '');
    const byMembers = /\bmembers\b/i.test(query.filter ?? '');
    const records = await this.listed(caller.organizationId, byMembers || !withoutMembers);
    const known = byMembers
      ? await this.names(caller.organizationId, records)
      : new Map<number, string>();
    const matching = records.filter((record) =>
      matches(toScimGroup(record, known, baseUrl) as unknown as Record<string, unknown>),
    );
    const page = matching.slice(offset, offset + limit);
    const names =
      byMembers || withoutMembers ? known : await this.names(caller.organizationId, page);
    const groups = page
      .map((record) => toScimGroup(record, names, baseUrl))
      .map((group) => (withoutMembers ? { ...group, members: undefined } : group));
    return scimList(groups, matching.length, offset);
  }

  /** The organization's groups, their holder ids read only when asked. */
  private async listed(organizationId: number, withHolders: boolean): Promise<Listed[]> {
    if (withHolders) return this.functions.list(organizationId);
    const named = await this.functions.names(organizationId);
    return named.map((group) => ({ ...group, memberIds: [] }));
  }

  async create({ caller, body, baseUrl }: ScimCall): Promise<ScimAnswer> {
    const input = this.parse(body);
    const userIds = await this.memberIds(caller.organizationId, input.members);
    const id = await savedUnique(
      () =>
        this.functions.create(caller.organizationId, PROVISIONED, {
          name: input.displayName,
          description: '',
          requiredSops: [],
        }),
      TAKEN,
    );
    await this.holders.setMembers(caller.organizationId, id, userIds);
    return { status: 201, body: await this.group(caller.organizationId, baseUrl, id) };
  }

  async read({ caller, id, baseUrl }: ScimCall) {
    return { status: 200, body: await this.group(caller.organizationId, baseUrl, id) };
  }

  /**
   * A PUT sets the members it lists. A PATCH (`before`, the group as it was read) adds and removes
   * only those its operations did, so two PATCHes at once (Entra ID adds people one request each)
   * both keep theirs instead of the last one writing back the list it read.
   */
  async replace(
    { caller, id, body, baseUrl }: ScimCall,
    before?: { schemas: string[] },
  ): Promise<ScimAnswer> {
    const record = await this.record(caller.organizationId, id);
    const input = this.parse(body);
    if (!before) return this.save(caller.organizationId, baseUrl, record, input);
    const read = new Set(this.parse(before).members.map(({ value }) => value));
    const kept = new Set(input.members.map(({ value }) => value));
    const added = input.members.filter(({ value }) => !read.has(value));
    // The group's own holders, as read: user ids all.
    const removed = [...read].filter((value) => !kept.has(value)).map(Number);
    // Checked before anything is written: a refused member leaves the name as it was too.
    const addedIds = await this.memberIds(caller.organizationId, added);
    await this.change(caller.organizationId, record, input.displayName, addedIds, removed);
    return { status: 200, body: await this.group(caller.organizationId, baseUrl, record.id) };
  }

  /**
   * A function that requires SOPs is kept: deleting it would drop its holders' training
   * obligations, and a provider reaches an administrator's function by its name alone. Who
   * created it does not matter: a function without required SOPs obliges no one, and holds,
   * besides its description, only what the provider sets anyway (its name and holders).
   */
  async remove({ caller, id }: ScimCall): Promise<ScimAnswer> {
    const record = await this.record(caller.organizationId, id);
    const removal = await this.functions.removeUnlessRequired(caller.organizationId, record.id);
    if (removal === 'missing') throw refuse(404, 'Group not found');
    // 409: RFC 7644 (3.12) lists Conflict for DELETE, and this one clears once the SOPs are
    // removed in the product. No scimType: those of its table 9 are for 400s, none for DELETE.
    if (removal === 'required') throw refuse(409, REQUIRES_SOPS);
    return { status: 204, body: null };
  }

  private async save(
    organizationId: number,
    baseUrl: string,
    record: JobFunctionRecord,
    input: z.output<typeof GroupInput>,
  ): Promise<ScimAnswer> {
    const userIds = await this.memberIds(organizationId, input.members);
    // The rename and the members in one transaction of the repository's: all or nothing.
    const name = input.displayName === record.name ? undefined : input.displayName;
    await savedUnique(
      () => this.holders.setMembers(organizationId, record.id, userIds, name),
      TAKEN,
    );
    return { status: 200, body: await this.group(organizationId, baseUrl, record.id) };
  }

  /**
   * RFC 7644 3.5.2: 200 with the group when `attributes` are asked (its holders named only when
   * members are among them), 200 without members when they are excluded, else 204 No Content,
   * which Okta and Entra ID take: no holder is named for a provider that did not ask.
   */
  private async patched({ caller, query, baseUrl }: ScimCall, id: number): Promise<ScimAnswer> {
    const excluded = /\bmembers\b/i.test(query.excludedAttributes ?? '');
    if (query.attributes === undefined && !excluded) return { status: 204, body: null };
    if (!excluded && /\bmembers\b/i.test(query.attributes ?? '')) {
      return { status: 200, body: await this.group(caller.organizationId, baseUrl, id) };
    }
    const named = await this.named(caller.organizationId, String(id));
    return { status: 200, body: bare(named, baseUrl) };
  }

  /** The members' changes and the rename, all or nothing: one transaction of the repository's. */
  private async change(
    organizationId: number,
    record: Pick<JobFunctionRecord, 'id' | 'name'>,
    displayName: string,
    added: number[],
    removed: number[],
  ) {
    const name = displayName === record.name ? undefined : displayName;
    await savedUnique(
      () => this.holders.changeMembers(organizationId, record.id, added, removed, name),
      TAKEN,
    );
  }

  private parse(body: unknown) {
    const parsed = GroupInput.safeParse(body);
    if (!parsed.success) {
      throw refuse(
        400,
        'A group needs a displayName and members given by their ids.',
        'invalidValue',
      );
    }
    return parsed.data;
  }

  /**
   * Member ids as numbers, each a person of the organization (identity asked about them alone,
   * by id); anyone else is refused unnamed.
   */
  private async memberIds(organizationId: number, members: { value: string }[]) {
    if (members.length === 0) return [];
    const read = [...new Set(members.map(({ value }) => idOf(value)))];
    const ids = read.filter((id) => id !== null);
    const people = ids.length === read.length ? await this.members.byIds(organizationId, ids) : [];
    const known = new Set(people.map(({ id }) => id));
    if (read.some((id) => id === null || !known.has(id))) {
      throw refuse(400, 'A member is not a user of this organization.', 'invalidValue');
    }
    return ids;
  }

  private record(organizationId: number, id: string | undefined) {
    return found(id, (functionId) => this.functions.find(organizationId, functionId));
  }

  /** The group's id and name, its holders left unread. */
  private named(organizationId: number, id: string | undefined) {
    return found(id, (functionId) => this.functions.named(organizationId, functionId));
  }

  private async group(organizationId: number, baseUrl: string, id: number | string | undefined) {
    const record = await this.record(organizationId, id === undefined ? undefined : String(id));
    const [group] = await this.views(organizationId, baseUrl, [record]);
    return group!;
  }

  private async views(organizationId: number, baseUrl: string, records: JobFunctionRecord[]) {
    const names = await this.names(organizationId, records);
    return records.map((record) => toScimGroup(record, names, baseUrl));
  }

  /** The names of these groups' holders who are the organization's people, asked by id. */
  private async names(organizationId: number, records: Listed[]) {
    const holders = [...new Set(records.flatMap((record) => record.memberIds))];
    const people = await this.members.byIds(organizationId, holders);
    return new Map(people.map((person) => [person.id, person.name]));
  }
}

/**
 * The id a provider's value names: plain digits, a positive 32-bit integer as the database holds
 * them, else null (a provider may send anything, and Number() reads "0x10", " 12" and "1e3" as
 * 16, 12 and 1,000: someone else's id).
 */
function idOf(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d*$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The function of a group's id, or a 404 refusal. */
async function found<T>(id: string | undefined, find: (functionId: number) => Promise<T | null>) {
  const functionId = idOf(id);
  const record = functionId === null ? null : await find(functionId);
  if (!record) throw refuse(404, 'Group not found');
  return record;
}

/** The group without its members. */
function bare(named: NamedJobFunction, baseUrl: string): ScimGroup {
  const group = toScimGroup({ ...named, memberIds: [] }, new Map(), baseUrl);
  return { ...group, members: undefined };
}

function toScimGroup(record: Listed, names: Map<number, string>, baseUrl: string): ScimGroup {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: String(record.id),
    displayName: record.name,
    members: record.memberIds
      .filter((userId) => names.has(userId))
      .map((userId) => ({
        value: String(userId),
        display: names.get(userId),
        $ref: `${baseUrl}/Users/${userId}`,
      })),
    // RFC 7643 3.1; lastModified moves with a rename and with a change of holders.
    meta: {
      resourceType: 'Group',
      created: record.createdAt.toISOString(),
      lastModified: record.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${record.id}`,
    },
  };
}

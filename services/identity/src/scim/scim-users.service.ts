import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RowId, type ScimAnswer, type ScimCall } from '@hub/proto';
import {
  answerScimCall,
  applyPatch,
  bounded,
  equalityValue,
  type EventPublisher,
  patchOperations,
  refuse,
  savedUnique,
  scimFilter,
  scimList,
  scimPaging,
  WebhookAnnouncer,
} from '@hub/kit';
import { EVENTS, REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { ProfilePicturesService } from '../profile/profile-pictures.service.js';
import type { UserEntity } from '../users/user.entity.js';
import {
  nameFollowingItsParts,
  type ScimUserFields,
  scimUserFields,
  spelledUser,
  toScimUser,
} from './scim-user-resource.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import {
  type Alongside,
  ScimUsersRepository,
  type SuspendedMember,
} from './scim-users.repository.js';
import { UserDeletion } from '../users/user-deletion.js';

/** New members provisioned by an identity provider; an administrator changes the role later. */
const PROVISIONED_ROLE = 'operator' as const;
const TAKEN = 'A user with this userName already exists.';
const OTHER_DOMAIN = "userName's domain belongs to another organization.";

/**
 * SCIM Users (RFC 7644) of the calling token's organization. A provisioned member is active
 * without a password and signs in through the organization's SAML provider; `active: false`
 * suspends them (every session ends at once, records kept), `active: true` restores them.
 */
@Injectable()
export class ScimUsersService {
  constructor(
    @Inject(ScimUsersRepository) private readonly users: ScimUsersRepository,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(EVENTS) private readonly events: EventPublisher,
    @Inject(ProfilePicturesService) private readonly pictures: ProfilePicturesService,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(UserDeletion) private readonly deletion: UserDeletion,
  ) {
    this.webhooks = new WebhookAnnouncer(events);
  }

  private readonly webhooks: WebhookAnnouncer;

  /** The members suspended now, of every organization, by id (a page of `limit`); as of when. */
  suspendedMembers(
    afterId: number,
    limit: number,
  ): Promise<{ asOf: string; members: SuspendedMember[] }> {
    return this.users.suspendedAfter(afterId, limit);
  }

  /** A PATCH is answered by the kit: this replace, of the resource as read with it applied. */
  handle(call: ScimCall): Promise<ScimAnswer> {
    return answerScimCall(call, this);
  }

  async list({ caller, query, baseUrl }: ScimCall): Promise<ScimAnswer> {
    const { ast, matches } = scimFilter(query.filter);
    const { offset, limit } = scimPaging(query);
    const email = equalityValue(ast, 'userName');
    if (email !== null) {
      const user = await this.users.findMemberByEmail(
        caller.organizationId,
        email.trim().toLowerCase(),
      );
      const found = user ? [user] : [];
      return scimList(
        found.slice(offset, offset + limit).map((u) => toScimUser(u, baseUrl)),
        found.length,
        offset,
      );
    }
    if (!ast) {
      const [page, total] = await this.users.page(caller.organizationId, offset, limit);
      return scimList(
        page.map((user) => toScimUser(user, baseUrl)),
        total,
        offset,
      );
    }
    const all = (await this.users.all(caller.organizationId)).map((user) =>
      toScimUser(user, baseUrl),
    );
    const matching = all.filter((user) => matches(user as unknown as Record<string, unknown>));
    return scimList(matching.slice(offset, offset + limit), matching.length, offset);
  }

  async create({ caller, body, baseUrl }: ScimCall): Promise<ScimAnswer> {
    const fields = scimUserFields(body);
    // Another organization's member answers the same: whose address it is stays unsaid.
    if (await this.users.findByEmail(fields.email)) throw refuse(409, TAKEN, 'uniqueness');
    await this.refuseOtherDomain(caller.organizationId, fields.email);
    // A provisioned member signs in through SAML at once: they have joined (an invited one joins
    // when they accept), announced with their creation.
    const joined = (tx: EntityManager, created: UserEntity) =>
      this.webhooks.announce(
        {
          organizationId: caller.organizationId,
          type: 'member.joined',
          key: String(created.id),
          data: {
            userId: created.id,
            name: bounded(created.name),
            email: created.email,
            role: created.role,
          },
        },
        tx,
      );
    const user = await savedUnique(
      () =>
        this.users.create(
          {
            email: fields.email,
            name: fields.name,
            givenName: fields.givenName,
            familyName: fields.familyName,
            scimExternalId: fields.scimExternalId,
            organizationId: caller.organizationId,
            role: PROVISIONED_ROLE,
          },
          fields.active ? joined : undefined,
        ),
      TAKEN,
    );
    if (!fields.active) await this.suspend(user);
    return {
      status: 201,
      body: toScimUser(await this.existing(caller.organizationId, user.id), baseUrl),
    };
  }

  async read({ caller, id, baseUrl }: ScimCall) {
    return {
      status: 200,
      body: toScimUser(await this.existing(caller.organizationId, id), baseUrl),
    };
  }

  /**
   * A PUT sets every field; a PATCH (`before`, the user as it read them) writes only the fields
   * its operations changed, so a PATCH of a name that read the user before another one suspended
   * them does not make them active again.
   */
  async replace(
    { caller, id, body, baseUrl }: ScimCall,
    before?: { schemas: string[] },
  ): Promise<ScimAnswer> {
    const user = await this.existing(caller.organizationId, id);
    const fields = scimUserFields(body);
    return this.save(
      user,
      before ? changedFields(before, fields) : statedFields(body, fields),
      baseUrl,
    );
  }

  /** A PATCH as the kit's patchWhole answers it, the name following its parts when they change. */
  async patch(call: ScimCall): Promise<ScimAnswer> {
    const current = await this.read(call);
    const operations = patchOperations(call.body);
    const patched = applyPatch(current.body, operations);
    const body = nameFollowingItsParts(current.body, patched, operations);
    return this.replace({ ...call, body }, current.body);
  }

  async remove({ caller, id }: ScimCall): Promise<ScimAnswer> {
    const user = await this.existing(caller.organizationId, id);
    await this.deletion.delete(user);
    return { status: 204, body: null };
  }

  private async save(user: UserEntity, fields: Partial<ScimUserFields>, baseUrl: string) {
    if (fields.email !== undefined && fields.email !== user.email) {
      const holder = await this.users.findByEmail(fields.email);
      if (holder && holder.id !== user.id) throw refuse(409, TAKEN, 'uniqueness');
      await this.refuseOtherDomain(user.organizationId, fields.email);
    }
    // A PATCH that removes externalId, or a PUT without it, clears it (RFC 7644 3.5.1 lets
    // either clear).
    const { active, ...columns } = fields;
    if (Object.keys(columns).length)
      await savedUnique(() => this.users.update(user.id, columns), TAKEN);
    if (active === false && !user.suspendedAt) {
      await this.suspend(user);
      await this.revocations.announce({ userId: user.id });
    } else if (active === true && user.suspendedAt) {
      await this.users.restore(user.id, this.announce(user, 'member.restored'));
    }
    const saved = await this.existing(user.organizationId, user.id);
    return { status: 200, body: toScimUser(saved, baseUrl) };
  }

  private suspend(user: UserEntity): Promise<boolean> {
    return this.users.suspend(user.id, this.announce(user, 'member.suspended'));
  }

  /**
   * The change's event, written in its transaction (the floor, in the integration service,
   * counts nobody suspended as present, from these events alone).
   */
  private announce(user: UserEntity, type: 'member.suspended' | 'member.restored'): Alongside {
    return (tx, at) =>
      this.events.publish(
        { type, organizationId: user.organizationId, userId: user.id, at: at.toISOString() },
        tx,
      );
  }

  private async refuseOtherDomain(organizationId: number, email: string): Promise<void> {
    if (await this.organizations.emailOfAnother(organizationId, email))
      throw refuse(400, OTHER_DOMAIN, 'invalidValue');
  }

  /**
   * The organization's member with this id; anyone else's is as unknown as a made-up id, and so
   * is one no row can have: past PostgreSQL's integer (the query failed, a 500) or not plain
   * digits (Number() reads "1e3" as 1000, someone else's id).
   */
  private async existing(organizationId: number, id: number | string | undefined) {
    const userId = RowId.safeParse(id);
    const user = userId.success ? await this.users.find(organizationId, userId.data) : null;
    if (!user) throw refuse(404, 'User not found');
    return user;
  }
}

/**
 * A PUT's fields, `active` only when the document states it: a provider that pushes profiles
 * without status (RFC 7644 3.5.1 lets an omitted attribute keep its value) must not restore a
 * member suspended by an earlier deactivation. Named in any case, as scimUserFields reads it.
 */
function statedFields(body: unknown, fields: ScimUserFields): Partial<ScimUserFields> {
  const user = spelledUser(body);
  const stated = !!user && typeof user === 'object' && 'active' in user;
  if (stated) return fields;
  const { active: _unstated, ...rest } = fields;
  return rest;
}

/** The fields a PATCH changed: those of the result that differ from the user as it was read. */
function changedFields(before: unknown, after: ScimUserFields): Partial<ScimUserFields> {
  let read: ScimUserFields;
  try {
    read = scimUserFields(before);
  } catch {
    // A user stored before today's rules (a longer name, say): the PATCH sets every field.
    return after;
  }
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => read[key as keyof ScimUserFields] !== value),
  );
}

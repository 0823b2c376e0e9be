import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type CreateUserRequest,
  type CreateUserResponse,
  ERROR_TEXTS,
  type PageRequest,
  type UserPage,
} from '@hub/proto';
import { isUniqueViolation, messages, RpcFailure } from '@hub/kit';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { IdentityFigures } from '../reporting/identity-figures.js';
import { UsersRepository } from '../users/users.repository.js';
import { UserDeletion } from '../users/user-deletion.js';
import { toUserView } from '../users/user-view.js';
import { InvitationsService, type InvitationOutcome } from '../invitations/invitations.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import {
  type ClaimedPicture,
  ProfilePicturesService,
} from '../profile/profile-pictures.service.js';
import { UsersAdminRepository } from './users-admin.repository.js';

/** The email's one account: taken, whether seen before the insert or by the unique index. */
const emailExists = () => new RpcFailure('conflict', ERROR_TEXTS.user_email_exists, 'email');

const invitationMessage = (email: string, outcome: InvitationOutcome) =>
  outcome.sent
    ? `Invitation sent to ${email}.`
    : `User created, but the invitation email failed to send (${outcome.failure}). You can resend it later.`;

@Injectable()
export class UsersAdminService {
  constructor(
    @Inject(UsersAdminRepository) private readonly users: UsersAdminRepository,
    @Inject(UsersRepository) private readonly newUsers: UsersRepository,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(IdentityFigures) private readonly figures: IdentityFigures,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(ProfilePicturesService) private readonly pictures: ProfilePicturesService,
    @Inject(UserDeletion) private readonly deletion: UserDeletion,
  ) {}

  async list(page: PageRequest, search = ''): Promise<UserPage> {
    const { ids, totalCount, nextCursor } = await this.users.pageIds(page, search.trim());
    const users = ids.length ? await this.users.findWithOrganizations(ids) : [];
    const byId = new Map(users.map((user) => [user.id, user]));
    // The Hub's Active Users, same definition and query (reporting/figures.ts).
    const { active: activeCount } = await this.figures.users(null);
    return {
      activeCount,
      users: ids.flatMap((id) => (byId.has(id) ? [toUserView(byId.get(id)!)] : [])),
      totalCount,
      nextCursor,
    };
  }

  /** Creates a pending user; the invitation mail may fail without losing the user. */
  async create(actor: Actor, request: CreateUserRequest): Promise<CreateUserResponse> {
    const organization = await this.organizations.findById(request.organizationId);
    if (!organization) throw RpcFailure.validation('Organization is required', 'organizationId');
    if (await this.users.emailTaken(request.email)) throw emailExists();
    if (await this.organizations.emailOfAnother(organization.id, request.email)) {
      throw new RpcFailure('conflict', ERROR_TEXTS.email_domain_of_another_organization, 'email');
    }
    const user = await this.savePending(actor, request, organization.id);
    user.organization = organization;
    const outcome = await this.invitations.issue(user, actor.userId);
    await this.notifications.notify(
      [actor.userId, ...(await this.notifications.organizationAdmins(organization.id))],
      (language) => ({
        type: 'info',
        ...messages(language).notifications.userInvited({
          name: user.name,
          email: user.email,
          organization: organization.displayName,
          role: messages(language).roles[user.role],
        }),
      }),
    );
    return {
      user: toUserView(user),
      name: user.name,
      email: user.email,
      invitationSent: outcome.sent,
      message: invitationMessage(user.email, outcome),
    };
  }

  /**
   * The pending user with their picture, or nothing: an email another request took since it was
   * checked (two created at once) is refused as taken, and the copy of the picture made for the
   * refused one goes while its upload stays, to be used again.
   */
  private async savePending(actor: Actor, request: CreateUserRequest, organizationId: number) {
    const claimed: { picture?: ClaimedPicture } = {};
    try {
      const user = await this.users.transaction(async (tx) => {
        if (request.profilePicture) {
          const upload = request.profilePicture;
          claimed.picture = await this.pictures.claim(actor, upload, organizationId, tx);
        }
        const picture = claimed.picture?.key ?? null;
        const created = await this.newUsers.create(
          {
            email: request.email,
            name: request.name,
            role: request.role,
            organizationId,
            profilePicture: picture,
            isActive: false,
            passwordHash: null,
            auth0UserId: null,
            lastLogin: null,
          },
          tx,
        );
        if (picture)
          await this.pictures.announce(created.id, organizationId, picture, actor.userId, tx);
        return created;
      });
      await this.pictures.settle(claimed.picture ?? null);
      return user;
    } catch (error) {
      await this.pictures.abandon(claimed.picture ?? null);
      // The email's is the one unique index a new user's row can meet.
      throw isUniqueViolation(error) ? emailExists() : error;
    }
  }

  /** The invitation sent again, and the person's organization (the audit entry's). */
  async resend(actor: Actor, userId: number) {
    const user = await this.users.findWithOrganization(userId);
    if (!user) throw RpcFailure.notFound('User not found');
    if (user.isActive)
      throw new RpcFailure('conflict', 'This user has already completed their account setup.');
    const outcome = await this.invitations.issue(user, actor.userId);
    if (!outcome.sent)
      throw new RpcFailure('unavailable', `Failed to send invitation: ${outcome.failure}`);
    return {
      invitationSent: true,
      message: invitationMessage(user.email, outcome),
      organizationId: user.organizationId,
    };
  }

  /** The person deleted, and their organization (the audit entry's). */
  async delete(actor: Actor, userId: number): Promise<{ message: string; organizationId: number }> {
    const user = await this.users.findById(userId);
    if (!user) throw RpcFailure.notFound('User not found');
    if (user.id === actor.userId || user.role === 'super_admin') {
      throw new RpcFailure('conflict', 'The super administrator account cannot be deleted here.');
    }
    await this.deletion.delete(user);
    return { message: `User ${user.email} deleted`, organizationId: user.organizationId };
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ERROR_TEXTS,
  LINK_LANGUAGE_PARAM,
  type SetupPasswordRequest,
  type VerifyInvitationRequest,
  type VerifyInvitationResponse,
} from '@hub/proto';
import {
  bounded,
  type EventPublisher,
  mailFailureDetail,
  type Mailer,
  messages,
  type OutgoingMail,
  type Reader,
  refusedForGood,
  RpcFailure,
  WebhookAnnouncer,
} from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { EVENTS, MAILER } from '../tokens.js';
import { hashPassword } from '../auth/passwords.js';
import { digestSessionToken, newSessionToken } from '../auth/session-tokens.js';
import type { UserEntity } from '../users/user.entity.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { InvitationEntity } from './invitation.entity.js';
import { InvitationsRepository, type NewInvitation } from './invitations.repository.js';
import { ProfilePicturesService } from '../profile/profile-pictures.service.js';
import { refuseCommonPassword } from '../auth/password-policy.js';
import { invitationMail } from './invitation-mail.js';
import { PreferencesService } from '../settings/preferences.service.js';

export const INVALID_LINK = ERROR_TEXTS.invitation_invalid;
export const PHOTO_REQUIRED = ERROR_TEXTS.setup_photo_required;

/** Someone not found when their mail is written (removed meanwhile): English, UTC. */
const UNKNOWN_READER: Reader = { language: 'en', timeZone: 'UTC' };

export interface InvitationOutcome {
  sent: boolean;
  /** Why not: an SMTP reply code or a connection's failure (kit's mailFailureDetail). */
  failure?: string;
  /** The mail server refused the address for good: sending again would fail again. */
  refusedForGood?: boolean;
}

/** Members of an organization with SAML on sign in through its identity provider only. */
const signsInThroughSso = (user: UserEntity): boolean => user.organization?.samlEnabled === true;

interface OpenInvitation {
  invitation: InvitationEntity;
  user: UserEntity;
}

@Injectable()
export class InvitationsService {
  private readonly logger = new Logger('Invitations');

  constructor(
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(ProfilePicturesService) private readonly pictures: ProfilePicturesService,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
    @Inject(EVENTS) events: EventPublisher,
  ) {
    this.webhooks = new WebhookAnnouncer(events);
  }

  private readonly webhooks: WebhookAnnouncer;

  /** Issues a fresh link (earlier ones stop working) and mails it; a mail failure is reported, not thrown. */
  async issue(user: UserEntity, invitedBy: number | null): Promise<InvitationOutcome> {
    const [reader] = await this.preferences.readersOf([user.id]);
    const { invitation, mail } = this.prepare(user, invitedBy, reader ?? UNKNOWN_READER);
    await this.invitations.replace(invitation);
    return this.deliver(mail);
  }

  /**
   * Fresh links for many users in one transaction (a people import), earlier ones stopped; the
   * mails to deliver, one a user, are answered in the same order.
   */
  async storeLinks(users: UserEntity[], invitedBy: number | null): Promise<OutgoingMail[]> {
    // Read after the import saved the lines' languages and zones: each mail is its reader's.
    const readers = new Map(
      (await this.preferences.readersOf(users.map((user) => user.id))).map((found) => [
        found.userId,
        found,
      ]),
    );
    const prepared = users.map((user) =>
      this.prepare(user, invitedBy, readers.get(user.id) ?? UNKNOWN_READER),
    );
    await this.invitations.replaceMany(prepared.map(({ invitation }) => invitation));
    return prepared.map(({ mail }) => mail);
  }

  /** Mails an invitation; a failure is reported, not thrown. */
  async deliver(mail: OutgoingMail): Promise<InvitationOutcome> {
    try {
      await this.mailer.send(mail);
      return { sent: true };
    } catch (error) {
      // The server's reply text and the socket's words are logged; the outcome keeps what an
      // administrator can act on (an SMTP code, a connection's failure), in the catalog's words.
      this.logger.warn(`invitation mail to ${mail.to} failed: ${String(error)}`);
      return {
        sent: false,
        failure: mailFailureDetail(error),
        refusedForGood: refusedForGood(error),
      };
    }
  }

  private prepare(user: UserEntity, invitedBy: number | null, { language, timeZone }: Reader) {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + this.config.INVITATION_TTL_DAYS * 86_400_000);
    const singleSignOn = signsInThroughSso(user);
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    const email = `email=${encodeURIComponent(user.email)}&${LINK_LANGUAGE_PARAM}=${language}`;
    // SSO: the sign-in page, where their first single sign-on activates them (SamlService);
    // no token in the mail: its row still stands for the invitation sent (onboarding figures).
    const page = user.profilePicture ? 'setup-password' : 'enhanced-setup';
    const link = singleSignOn
      ? `${base}/login?${email}`
      : `${base}/${page}?token=${encodeURIComponent(token)}&${email}`;
    const organizationName = user.organization?.displayName || user.organization?.name || null;
    const invitation: NewInvitation = {
      userId: user.id,
      tokenHash: digestSessionToken(token),
      invitedBy,
      expiresAt,
    };
    const mail = invitationMail({
      to: user.email,
      name: user.name,
      organizationName,
      link,
      expiresAt,
      needsPhoto: !user.profilePicture,
      singleSignOn,
      language,
      timeZone,
    });
    return { invitation, mail };
  }

  private async open(request: VerifyInvitationRequest, manager?: EntityManager, lock = false) {
    const invitation = await this.invitations.findByTokenHash(
      digestSessionToken(request.token),
      manager,
      lock,
    );
    const user = invitation
      ? await this.invitations.findUserWithOrganization(invitation.userId, manager)
      : null;
    if (
      !invitation ||
      !user ||
      user.email !== request.email ||
      invitation.revokedAt ||
      user.suspendedAt
    ) {
      throw new RpcFailure('not_found', INVALID_LINK);
    }
    if (invitation.usedAt || user.isActive) {
      throw new RpcFailure('conflict', ERROR_TEXTS.invitation_used);
    }
    // A link mailed before the organization turned SAML on must not make a password account
    // beside its identity provider.
    if (signsInThroughSso(user)) {
      throw new RpcFailure('conflict', ERROR_TEXTS.invitation_sso_sign_in);
    }
    if (invitation.expiresAt.getTime() < Date.now()) {
      throw new RpcFailure('not_found', ERROR_TEXTS.invitation_expired);
    }
    return { invitation, user } satisfies OpenInvitation;
  }

  async verify(request: VerifyInvitationRequest): Promise<VerifyInvitationResponse> {
    const { user } = await this.open(request);
    return {
      userName: user.name,
      email: user.email,
      organizationName: user.organization?.displayName || user.organization?.name || '',
      hasProfilePicture: user.profilePicture !== null,
      message: 'Invitation verified',
    };
  }

  async organizationOf(request: VerifyInvitationRequest): Promise<{ organizationId: number }> {
    const { user } = await this.open(request);
    return { organizationId: user.organizationId };
  }

  /** Sets the password (and photo), activates the user and uses up the link, all at once. */
  async accept(
    request: SetupPasswordRequest & {
      pictureKey?: string;
      acceptLanguage?: string;
      timeZone?: string;
    },
  ): Promise<{ message: string }> {
    refuseCommonPassword(request.password, 'password');
    const passwordHash = await hashPassword(request.password);
    // The photo is the gateway's key below the invitation's organization (checked below).
    if (request.pictureKey) await this.pictures.reencode(request.pictureKey);
    const { user, invitation } = await this.invitations.transaction(async (tx) => {
      const opened = await this.open(request, tx, true);
      const picture = request.pictureKey ?? opened.user.profilePicture;
      if (!picture) throw RpcFailure.validation(PHOTO_REQUIRED, 'file');
      if (
        request.pictureKey &&
        !request.pictureKey.startsWith(`org/${opened.user.organizationId}/`)
      ) {
        throw RpcFailure.forbidden();
      }
      await this.invitations.activate(tx, opened.user.id, {
        passwordHash,
        profilePicture: picture,
      });
      await this.invitations.markUsed(tx, opened.invitation.id);
      // Announced with the change: committed together, or neither.
      const joined = opened.user;
      if (request.pictureKey)
        await this.pictures.announce(
          joined.id,
          joined.organizationId,
          request.pictureKey,
          joined.id,
          tx,
        );
      await this.announceJoined(joined, tx);
      return opened;
    });
    // Their first visit: texts written to them before they sign in follow this browser too.
    await this.preferences.rememberBrowser(user.id, request.acceptLanguage);
    await this.preferences.rememberTimeZone(user.id, request.timeZone);
    await this.notifyAccepted(user, invitation.invitedBy);
    return { message: 'Your password has been set. You can now sign in.' };
  }

  /**
   * A pending member's first single sign-on (SamlService activated them): their open invitation
   * is accepted as a password setup accepts one, used, announced and told to the administrators.
   * Without an open invitation nobody waits for an acceptance, and nothing is said.
   */
  async acceptedThroughSso(user: UserEntity): Promise<void> {
    const used = await this.invitations.transaction(async (tx) => {
      const links = await this.invitations.useOpenLinks(tx, user.id);
      if (links.length) await this.announceJoined(user, tx);
      return links;
    });
    if (used.length) await this.notifyAccepted(user, used.find((by) => by !== null) ?? null);
  }

  /** Announced with the acceptance's change: committed together, or neither. */
  private async announceJoined(joined: UserEntity, tx: EntityManager): Promise<void> {
    await this.webhooks.announce(
      {
        organizationId: joined.organizationId,
        type: 'member.joined',
        key: String(joined.id),
        data: {
          userId: joined.id,
          name: bounded(joined.name),
          email: joined.email,
          role: joined.role,
        },
      },
      tx,
    );
  }

  private async notifyAccepted(user: UserEntity, invitedBy: number | null): Promise<void> {
    const admins = await this.notifications.organizationAdmins(user.organizationId);
    await this.notifications.notify([...admins, ...(invitedBy ? [invitedBy] : [])], (language) => ({
      type: 'success',
      ...messages(language).notifications.invitationAccepted({
        name: user.name,
        email: user.email,
      }),
    }));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type ConfirmEmailResponse,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  ERROR_TEXTS,
  type Language,
  LINK_LANGUAGE_PARAM,
} from '@hub/proto';
import { isUniqueViolation, type Mailer, messages, RpcFailure } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { MAILER, PASSWORD_ATTEMPTS } from '../tokens.js';
import type { CurrentPasswordAttempts } from '../auth/current-password-attempts.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { digestSessionToken, newSessionToken } from '../auth/session-tokens.js';
import { PreferencesService } from '../settings/preferences.service.js';
import { ProfileRepository } from './profile.repository.js';

export const EMAIL_TAKEN = ERROR_TEXTS.email_taken;
const LINK_HOURS = 24;

/**
 * A new email takes effect only with the current password and once its owner opens the link
 * mailed to it: a borrowed session cannot move the account (and its password resets) to
 * an address the attacker holds, and a typo cannot lock the owner out.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(ProfileRepository) private readonly profiles: ProfileRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(PASSWORD_ATTEMPTS) private readonly passwordAttempts: CurrentPasswordAttempts,
  ) {}

  async request(userId: number, newEmail: string, currentPassword: string | undefined) {
    const user = await this.profiles.getUserWithPasswordHash(userId);
    // No password to prove: their address is the provider's (as SCIM and SAML write it), and a
    // "wrong password" answer would send them guessing into the throttle.
    if (!user.passwordHash) {
      throw RpcFailure.validation(ERROR_TEXTS.email_change_managed_by_provider, 'email');
    }
    if (!currentPassword) {
      throw RpcFailure.validation(EMAIL_CHANGE_NEEDS_PASSWORD, 'currentPassword');
    }
    if (!(await this.passwordAttempts.verify(userId, user.passwordHash, currentPassword))) {
      throw RpcFailure.validation(ERROR_TEXTS.current_password_incorrect, 'currentPassword');
    }
    await this.refuseTaken(newEmail, userId);
    await this.refuseOtherDomain(newEmail, user.organizationId);
    const token = newSessionToken();
    // Only the latest request counts.
    await this.profiles.replaceEmailChange(userId, newEmail, digestSessionToken(token), LINK_HOURS);
    const language = await this.preferences.languageOf(userId);
    await this.mailer.send(this.mail(user.name, newEmail, token, language));
  }

  /**
   * Applies the change of a valid, unused link; the link works once. An address another account
   * took since it was checked (an invitation saved at the same instant) is refused as taken, the
   * link unused.
   */
  async confirm(token: string): Promise<ConfirmEmailResponse> {
    return this.apply(token).catch((error: unknown) => {
      throw isUniqueViolation(error) ? new RpcFailure('conflict', EMAIL_TAKEN, 'email') : error;
    });
  }

  private apply(token: string): Promise<ConfirmEmailResponse> {
    return this.profiles.transaction(async (tx) => {
      const change = await this.profiles.useEmailChange(tx, digestSessionToken(token));
      if (!change) throw RpcFailure.validation(EMAIL_CHANGE_LINK_INVALID, 'token');
      await this.refuseTaken(change.new_email, change.user_id, tx);
      // Checked again: the domain may have been claimed while the link waited.
      const { organizationId } = await this.profiles.getUser(change.user_id);
      await this.refuseOtherDomain(change.new_email, organizationId);
      await this.profiles.setEmail(tx, change.user_id, change.new_email);
      return {
        message: `Your email address is now ${change.new_email}.`,
        email: change.new_email,
      };
    });
  }

  private async refuseTaken(email: string, userId: number, tx?: EntityManager) {
    const owner = await this.profiles.findUserByEmail(email, tx);
    if (owner && owner.id !== userId) throw new RpcFailure('conflict', EMAIL_TAKEN, 'email');
  }

  /**
   * That organization's people sign in through its identity provider: an address there must
   * not be moved into this one, as invitations, imports and SCIM already refuse.
   */
  private async refuseOtherDomain(email: string, organizationId: number) {
    if (await this.organizations.emailOfAnother(organizationId, email)) {
      throw new RpcFailure('conflict', ERROR_TEXTS.email_domain_of_another_organization, 'email');
    }
  }

  /** In the account holder's language: the one who asked for the change reads it. */
  private mail(name: string, to: string, token: string, language: Language) {
    const say = messages(language).emailChange;
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/confirm-email?token=${encodeURIComponent(token)}&${LINK_LANGUAGE_PARAM}=${language}`;
    const text = [
      say.greeting({ name }),
      '',
      say.open,
      '',
      link,
      '',
      say.expires({ hours: LINK_HOURS }),
    ].join('\n');
    const html = text
      .split('\n')
      .map((line) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))
      .join('<br>');
    return { to, subject: say.subject, text, html };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { AdminOverview, OnboardingStep, OnboardingTextKey, TextParams } from '@hub/proto';
import { type ConsoleFacts, IdentityFigures } from '../reporting/identity-figures.js';

/** Figures and the onboarding checklist of the console, each computed from what is stored. */
@Injectable()
export class OverviewService {
  constructor(@Inject(IdentityFigures) private readonly figures: IdentityFigures) {}

  async overview(): Promise<AdminOverview> {
    const f = await this.figures.consoleFacts();
    return {
      totalOrganizations: f.organizations,
      totalUsers: f.users,
      activeSessions: f.live_sessions,
      onboarding: checklist(f),
    };
  }
}

/** A step's words: the catalog key clients word it by, its counts, and the English. */
type Words = [key: OnboardingTextKey, params: TextParams, detail: string];

function checklist(f: ConsoleFacts): OnboardingStep[] {
  const step = (key: string, label: string, done: boolean, words: Words, optional = false) => ({
    key,
    label,
    done,
    optional,
    detail: words[2],
    text: { key: words[0], params: words[1] },
  });
  const samlComplete = f.saml_missing_id === 0;
  return [
    step(
      'organization',
      'Create organization',
      f.client_organizations > 0,
      // The console's Total Organizations, under the same name (the platform's own included).
      organizationsWords(f.organizations, f.client_organizations),
    ),
    step('sso-identifier', 'Set up Auth0 organization', f.with_sso_id > 0, [
      'sso_identifier',
      { organizations: f.with_sso_id },
      `${f.with_sso_id} organization(s) with an SSO identifier`,
    ]),
    step(
      'saml',
      'Configure SAML SSO if required',
      samlComplete,
      samlComplete
        ? ['saml_complete', {}, 'Every SAML organization has its identifier']
        : [
            'saml_missing',
            { samlOrganizations: f.saml_missing_id },
            `${f.saml_missing_id} SAML organization(s) lack an identifier`,
          ],
      true,
    ),
    step('admins', 'Create admin users', f.admins > 0, [
      'admins',
      { admins: f.admins },
      `${f.admins} admin user(s)`,
    ]),
    step(
      'users',
      'Import existing users',
      f.staff > 0,
      ['users', { accounts: f.staff }, `${f.staff} supervisor, manager or operator account(s)`],
      true,
    ),
    step(
      'settings',
      'Configure organization settings',
      f.prompts_saved,
      f.prompts_saved
        ? ['settings_saved', {}, 'AI prompts saved']
        : ['settings_unsaved', {}, 'AI prompts not saved yet'],
    ),
    step('auth-test', 'Test authentication flows', f.client_sign_ins > 0, [
      'auth_test',
      { signIns: f.client_sign_ins },
      `${f.client_sign_ins} sign-in(s) by organization users`,
    ]),
    step('materials', 'Send onboarding materials', f.invited > 0 && f.accepted === f.invited, [
      'materials',
      { accepted: f.accepted, invited: f.invited },
      `${f.accepted} of ${f.invited} invited user(s) completed setup`,
    ]),
  ];
}

/** 'Create organization' in Onboarding: the console's total, and how many of them are clients. */
function organizationsWords(total: number, client: number): Words {
  return total - client > 0
    ? [
        'organization_with_platform',
        { organizations: total, client },
        onboardingOrganizationsDetail(total, client),
      ]
    : ['organization', { organizations: total }, onboardingOrganizationsDetail(total, client)];
}

/** The English of the 'Create organization' detail. */
export function onboardingOrganizationsDetail(total: number, client: number): string {
  const platform = total - client;
  return platform > 0
    ? `${total} organization(s), the platform's own included (${client} client)`
    : `${total} organization(s)`;
}

import { Inject, Injectable } from '@nestjs/common';
import type { AdminOverview, OnboardingStep } from '@hub/proto';
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

function checklist(f: ConsoleFacts): OnboardingStep[] {
  const step = (key: string, label: string, done: boolean, detail: string, optional = false) => ({
    key,
    label,
    done,
    optional,
    detail,
  });
  return [
    step(
      'organization',
      'Create organization',
      f.client_organizations > 0,
      // The console's Total Organizations, under the same name (the platform's own included).
      onboardingOrganizationsDetail(f.organizations, f.client_organizations),
    ),
    step(
      'sso-identifier',
      'Set up Auth0 organization',
      f.with_sso_id > 0,
      `${f.with_sso_id} organization(s) with an SSO identifier`,
    ),
    step(
      'saml',
      'Configure SAML SSO if required',
      f.saml_missing_id === 0,
      f.saml_missing_id === 0
        ? 'Every SAML organization has its identifier'
        : `${f.saml_missing_id} SAML organization(s) lack an identifier`,
      true,
    ),
    step('admins', 'Create admin users', f.admins > 0, `${f.admins} admin user(s)`),
    step(
      'users',
      'Import existing users',
      f.staff > 0,
      `${f.staff} supervisor, manager or operator account(s)`,
      true,
    ),
    step(
      'settings',
      'Configure organization settings',
      f.prompts_saved,
      f.prompts_saved ? 'AI prompts saved' : 'AI prompts not saved yet',
    ),
    step(
      'auth-test',
      'Test authentication flows',
      f.client_sign_ins > 0,
      `${f.client_sign_ins} sign-in(s) by organization users`,
    ),
    step(
      'materials',
      'Send onboarding materials',
      f.invited > 0 && f.accepted === f.invited,
      `${f.accepted} of ${f.invited} invited user(s) completed setup`,
    ),
  ];
}

/** 'Create organization' in Onboarding: the console's total, and how many of them are clients. */
export function onboardingOrganizationsDetail(total: number, client: number): string {
  const platform = total - client;
  return platform > 0
    ? `${total} organization(s), the platform's own included (${client} client)`
    : `${total} organization(s)`;
}

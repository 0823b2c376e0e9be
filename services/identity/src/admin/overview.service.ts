import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminOverview, OnboardingStep } from '@hub/proto';
import { ORGANIZATION_FIGURES_SQL } from '../stats/figures.js';

interface Facts {
  organizations: number;
  users: number;
  live_sessions: number;
  client_organizations: number;
  with_sso_id: number;
  saml_missing_id: number;
  admins: number;
  staff: number;
  prompts_saved: boolean;
  client_sign_ins: number;
  invited: number;
  accepted: number;
}

/** Figures and the onboarding checklist of the console, each computed from what is stored. */
@Injectable()
export class OverviewService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async overview(): Promise<AdminOverview> {
    const [facts] = (await this.db.query(`
      SELECT (SELECT total FROM (${ORGANIZATION_FIGURES_SQL}) f)::int AS organizations,
             (SELECT count(*) FROM users)::int AS users,
             (SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > now())::int AS live_sessions,
             (SELECT client FROM (${ORGANIZATION_FIGURES_SQL}) f)::int AS client_organizations,
             (SELECT count(*) FROM organizations WHERE auth0_org_id IS NOT NULL AND auth0_org_id <> '')::int AS with_sso_id,
             (SELECT count(*) FROM organizations WHERE saml_enabled AND coalesce(auth0_org_id, '') = '')::int AS saml_missing_id,
             (SELECT count(*) FROM users WHERE role = 'admin')::int AS admins,
             (SELECT count(*) FROM users WHERE role IN ('training_supervisor','manager','operator'))::int AS staff,
             (SELECT updated_at IS NOT NULL FROM global_prompts WHERE id = 1) AS prompts_saved,
             (SELECT count(*) FROM sign_in_events e JOIN users u ON u.id = e.user_id WHERE u.role <> 'super_admin')::int AS client_sign_ins,
             (SELECT count(DISTINCT user_id) FROM invitations)::int AS invited,
             (SELECT count(DISTINCT user_id) FROM invitations WHERE used_at IS NOT NULL)::int AS accepted
    `)) as Facts[];
    const f = facts!;
    return {
      totalOrganizations: f.organizations,
      totalUsers: f.users,
      activeSessions: f.live_sessions,
      onboarding: checklist(f),
    };
  }
}

function checklist(f: Facts): OnboardingStep[] {
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

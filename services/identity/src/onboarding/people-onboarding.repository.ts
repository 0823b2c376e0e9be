import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PeopleOnboardingFacts } from '@hub/proto';

/** An organization's people and sign-ins, as its onboarding checklist counts them; null if unknown. */
@Injectable()
export class PeopleOnboardingRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async facts(organizationId: number): Promise<PeopleOnboardingFacts | null> {
    const [row] = (await this.db.query(
      `SELECT o.name AS "organizationName",
              o.saml_enabled AND s.organization_id IS NOT NULL AS "samlConfigured",
              (SELECT count(*)::int FROM users u
                WHERE u.organization_id = o.id AND u.role NOT IN ('admin', 'super_admin')) AS members,
              (SELECT count(*)::int FROM users u
                WHERE u.organization_id = o.id AND u.role NOT IN ('admin', 'super_admin')
                  -- Suspended before accepting: an invitation nobody waits for any more.
                  AND NOT u.is_active AND u.suspended_at IS NULL) AS "pendingMembers",
              (SELECT count(*)::int FROM sign_in_events e
                WHERE e.organization_id = o.id AND e.method = 'password') AS "passwordSignIns",
              (SELECT count(*)::int FROM sign_in_events e
                WHERE e.organization_id = o.id AND e.method = 'saml') AS "samlSignIns"
         FROM organizations o LEFT JOIN saml_settings s ON s.organization_id = o.id
        WHERE o.id = $1`,
      [organizationId],
    )) as PeopleOnboardingFacts[];
    return row ?? null;
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** SAML single sign-on: each organization's identity provider (issue #8). */
export class Saml1764100000000 implements MigrationInterface {
  name = 'Saml1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saml_settings (
        organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        idp_entity_id text NOT NULL,
        idp_sso_url text NOT NULL,
        idp_certificates text[] NOT NULL,
        allow_sign_up boolean NOT NULL DEFAULT false,
        sign_up_role text NOT NULL DEFAULT 'operator'
          CHECK (sign_up_role IN ('admin','training_supervisor','manager','operator')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The SSO identifier names the organization in the SP's URLs: one organization each.
    await db.query(
      `CREATE UNIQUE INDEX organizations_saml_identifier_idx ON organizations (auth0_org_id)
        WHERE saml_enabled AND auth0_org_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX organizations_saml_identifier_idx`);
    await db.query(`DROP TABLE saml_settings`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { refreshOf, SOPS_FUNCTION } from './1767600000000-required-certifications.js';

/**
 * An update of a function's SOPs recomputed every member of the function whatever it changed (a
 * title alone changes no required certification). The trigger cannot name its columns
 * (`UPDATE OF`): PostgreSQL refuses a column list on a trigger with transition tables, which
 * say whose rows to recompute. So the function compares them: only the functions of the
 * (function, SOP) pairs the update removed or added have their members recomputed.
 */
export class SopsTriggerPairs1767740000000 implements MigrationInterface {
  name = 'SopsTriggerPairs1767740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(SOPS_FUNCTION_OF_PAIRS);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(SOPS_FUNCTION.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
  }
}

const PAIRS = `SELECT job_function_id, document_id FROM`;

/** A function's SOPs written: the members of the functions whose pairs changed. */
const SOPS_FUNCTION_OF_PAIRS = `
CREATE OR REPLACE FUNCTION required_certifications_of_sops() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT DISTINCT m.organization_id, m.user_id FROM job_function_members m
      WHERE m.job_function_id IN (SELECT job_function_id FROM new_rows)`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT DISTINCT m.organization_id, m.user_id FROM job_function_members m
      WHERE m.job_function_id IN (SELECT job_function_id FROM old_rows)`)};
  ELSE
    ${refreshOf(`SELECT DISTINCT m.organization_id, m.user_id FROM job_function_members m
      WHERE m.job_function_id IN (
        SELECT job_function_id FROM ((${PAIRS} new_rows EXCEPT ${PAIRS} old_rows)
                                     UNION ALL (${PAIRS} old_rows EXCEPT ${PAIRS} new_rows)) changed)`)};
  END IF;
  RETURN NULL;
END $$`;

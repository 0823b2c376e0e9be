import type { DataSource } from 'typeorm';

/** Job function 'Cook' of `organizationId`, asking SOP `sopId` ('Cooling') of `holders`; its id. */
export async function insertJobFunction(
  db: DataSource,
  organizationId: number,
  sopId: number,
  holders: number[],
): Promise<number> {
  const [{ id }] = (await db.query(
    `INSERT INTO job_functions (organization_id, name, created_by) VALUES ($1, 'Cook', 1)
     RETURNING id`,
    [organizationId],
  )) as [{ id: number }];
  await db.query(
    `INSERT INTO job_function_sops (job_function_id, document_id, title) VALUES ($1, $2, 'Cooling')`,
    [id, sopId],
  );
  await db.query(
    `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
     SELECT $1, $2, unnest($3::int[])`,
    [id, organizationId, holders],
  );
  return id;
}

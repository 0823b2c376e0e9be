import type { DataSource } from 'typeorm';

/** `count` organizations named org1, org2, … (domains org1.example, …); their ids in order. */
export async function insertOrganizations(db: DataSource, count: number): Promise<number[]> {
  const rows = (await db.query(
    `INSERT INTO organizations (name, display_name, domain)
     SELECT 'org' || n, 'Org ' || n, 'org' || n || '.example' FROM generate_series(1, $1::int) n
     ORDER BY n
     RETURNING id`,
    [count],
  )) as { id: number }[];
  return rows.map((row) => row.id);
}

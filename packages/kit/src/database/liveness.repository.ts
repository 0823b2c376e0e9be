import type { DataSource } from 'typeorm';

/** Anything that runs SQL: a TypeORM data source or a `pg` pool. */
export type SqlRunner = Pick<DataSource, 'query'> | { query(sql: string): Promise<unknown> };

/** The cheapest statement PostgreSQL answers: whether the database is there at all. */
export const pingPostgres = (database: SqlRunner) => database.query('SELECT 1');

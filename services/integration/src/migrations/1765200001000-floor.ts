import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATUS = `text NOT NULL DEFAULT 'Operational' CHECK (status IN ('Operational','Maintenance','Offline'))`;

export class Floor1765200001000 implements MigrationInterface {
  name = 'Floor1765200001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE areas (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        name text NOT NULL,
        status ${STATUS},
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT area_name_once UNIQUE (organization_id, name)
      )`);
    await db.query(`
      CREATE TABLE stations (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        area_id integer NOT NULL REFERENCES areas(id) ON DELETE CASCADE,
        name text NOT NULL,
        status ${STATUS},
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT station_name_once UNIQUE (area_id, name)
      )`);
    await db.query(`CREATE INDEX stations_organization ON stations (organization_id)`);
    await db.query(`
      ALTER TABLE camera_assignments
        ADD COLUMN area_id integer REFERENCES areas(id) ON DELETE SET NULL,
        ADD COLUMN snapshot_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN snapshot_interval_seconds integer NOT NULL DEFAULT 60`);
    // Who was seen where and when; never an image.
    await db.query(`
      CREATE TABLE presence_events (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        person_id integer NOT NULL,
        camera_id text NOT NULL,
        area_id integer,
        seen_at timestamptz NOT NULL,
        confidence real NOT NULL
      )`);
    await db.query(`CREATE INDEX presence_recent ON presence_events (organization_id, seen_at)`);
    await db.query(`CREATE INDEX presence_seen_at ON presence_events (seen_at)`);
    await db.query(`
      CREATE TABLE sensor_tokens (
        organization_id integer PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE sensor_readings (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        area_id integer REFERENCES areas(id) ON DELETE SET NULL,
        temperature_f real,
        humidity real,
        air_quality text CHECK (air_quality IN ('good','moderate','poor')),
        noise_db real,
        recorded_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX readings_recent ON sensor_readings (organization_id, recorded_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sensor_readings`);
    await db.query(`DROP TABLE sensor_tokens`);
    await db.query(`DROP TABLE presence_events`);
    await db.query(
      `ALTER TABLE camera_assignments DROP COLUMN area_id, DROP COLUMN snapshot_enabled, DROP COLUMN snapshot_interval_seconds`,
    );
    await db.query(`DROP TABLE stations`);
    await db.query(`DROP TABLE areas`);
  }
}

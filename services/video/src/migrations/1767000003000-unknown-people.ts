import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unknown people: faces of analysed videos that matched no member keep their embedding and a
 * crop, grouped by person within one organization ("Unknown person 3"). A face goes with its
 * video; once named, with the person it was named as. The numbers of an organization's unknown
 * people only grow (a counter), so a number never means two people.
 */
export class UnknownPeople1767000003000 implements MigrationInterface {
  name = 'UnknownPeople1767000003000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE unknown_people (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        number integer NOT NULL,
        named_user_id integer,
        named_by integer,
        named_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, number)
      )`);
    await db.query(`
      CREATE TABLE unknown_people_numbers (
        organization_id integer PRIMARY KEY,
        last_number integer NOT NULL
      )`);
    await db.query(`
      CREATE TABLE unknown_faces (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        person_id integer NOT NULL REFERENCES unknown_people (id) ON DELETE CASCADE,
        video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        run integer NOT NULL,
        face_id text NOT NULL,
        embedding jsonb NOT NULL,
        model text NOT NULL,
        thumbnail_key text,
        appearances jsonb NOT NULL,
        named_user_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (video_id, face_id)
      )`);
    await db.query(
      `CREATE INDEX unknown_faces_organization_idx ON unknown_faces (organization_id, person_id)`,
    );
    await db.query(`CREATE INDEX unknown_faces_named_idx ON unknown_faces (named_user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE unknown_faces`);
    await db.query(`DROP TABLE unknown_people_numbers`);
    await db.query(`DROP TABLE unknown_people`);
  }
}

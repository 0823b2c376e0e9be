import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A review is kept with where its face was seen and the names it wrote into the report, so that
 * when the video is analysed again the review applies to the face found again at that time (face
 * ids are a run's own). Reviews of the video's current report get their face's appearances and
 * name from it where it still shows them (not a face a naming merged into another entry, nor a
 * rejection named since); the others are not applied again.
 */
export class ReviewKeys1767000005000 implements MigrationInterface {
  name = 'ReviewKeys1767000005000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE face_reviews ADD COLUMN appearances jsonb`);
    await db.query(`ALTER TABLE face_reviews ADD COLUMN user_name text`);
    await db.query(`ALTER TABLE face_reviews ADD COLUMN reviewer_name text`);
    await db.query(`
      UPDATE face_reviews r
         SET appearances = found.face->'appearances',
             user_name = CASE WHEN r.decision = 'reject'
               THEN (SELECT match->>'name'
                       FROM jsonb_array_elements(coalesce(found.face->'rejected', '[]')) AS match
                      WHERE (match->>'userId')::int = r.user_id LIMIT 1)
               ELSE found.face->>'name' END
        FROM (SELECT v.id AS video_id, v.analysis_run AS run, face
                FROM videos v,
                     jsonb_array_elements(coalesce(v.report->'identifiedOperators', '[]')
                       || coalesce(v.report->'unidentifiedPeople', '[]')) AS face) AS found
       WHERE found.video_id = r.video_id AND found.run = r.run
         AND found.face->>'faceId' = r.face_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE face_reviews DROP COLUMN reviewer_name`);
    await db.query(`ALTER TABLE face_reviews DROP COLUMN user_name`);
    await db.query(`ALTER TABLE face_reviews DROP COLUMN appearances`);
  }
}

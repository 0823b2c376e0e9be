import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The part of a model's name that decides whether two embeddings compare (the embedder: package,
 * version, net, dimension), read from the names the video worker has stored:
 * `face-api@1.7.15/face-recognition-128d (pictures: …, videos: …; wasm)` and, before #18,
 * `face-api@1.7.15/ssd-mobilenet-v1+face-recognition-128d (wasm)`.
 */
const FACE_API = `^(face-api@[0-9A-Za-z.+-]+)/(ssd-mobilenet-v1\\+)?face-recognition-128d( .*)?$`;

const TABLES = ['face_enrolments', 'unknown_faces'] as const;

/**
 * Every stored embedding gets its embedding space, in a column of its own: matching compares
 * only embeddings of one space, whatever their lengths (docs/decisions.md, "Face embeddings carry
 * their space"). Rows are backfilled from their model name where it names a face-api embedder
 * and the embedding has its 128 values. The others keep no space and are ignored: never compared,
 * never grouped, never sent to the worker; nothing re-embeds them (there is no re-enrolment
 * mechanism: a profile picture or reference photo set again is enrolled afresh, with its space).
 * Pending and refused enrolments have no embedding, and no space until the worker embeds them.
 * Only the face-api worker has ever stored embeddings outside tests, so no real row is left out.
 */
export class EmbeddingSpace1767000006000 implements MigrationInterface {
  name = 'EmbeddingSpace1767000006000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN embedding_space text`);
      await db.query(
        `UPDATE ${table}
            SET embedding_space = regexp_replace(model, $1, '\\1/face-recognition-128d')
          WHERE model ~ $1
            AND CASE WHEN jsonb_typeof(embedding) = 'array' THEN jsonb_array_length(embedding) END = 128`,
        [FACE_API],
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await db.query(`ALTER TABLE ${table} DROP COLUMN embedding_space`);
    }
  }
}

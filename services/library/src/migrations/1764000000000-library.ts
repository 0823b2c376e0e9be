import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Library1764000000000 implements MigrationInterface {
  name = 'Library1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE folders (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        name text NOT NULL,
        description text,
        parent_folder_id integer REFERENCES folders(id) ON DELETE CASCADE,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX folders_org_idx ON folders (organization_id)`);
    await db.query(`
      CREATE TABLE tags (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX tags_org_name_idx ON tags (organization_id, lower(name))`);
    await db.query(`
      CREATE TABLE documents (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        folder_id integer REFERENCES folders(id) ON DELETE SET NULL,
        title text NOT NULL,
        description text,
        file_name text NOT NULL,
        file_size bigint NOT NULL,
        storage_prefix text NOT NULL,
        source_key text NOT NULL,
        uploaded_by integer NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        processing_run integer NOT NULL DEFAULT 1,
        processing_stage text NOT NULL DEFAULT 'queued',
        progress_current integer,
        progress_total integer,
        progress_updated_at timestamptz NOT NULL DEFAULT now(),
        processed boolean NOT NULL DEFAULT false,
        sop_processed boolean NOT NULL DEFAULT false,
        sop_error text,
        processing_error text,
        ocr_processed boolean NOT NULL DEFAULT false,
        ocr_error text,
        page_count integer,
        image_count integer NOT NULL DEFAULT 0,
        markdown_key text,
        text_key text,
        content_text text NOT NULL DEFAULT '',
        evaluation_generated boolean NOT NULL DEFAULT false,
        evaluation_id integer,
        evaluation_generation_error text,
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
          setweight(to_tsvector('english', left(content_text, 500000)), 'C')
        ) STORED
      )`);
    await db.query(
      `CREATE INDEX documents_org_idx ON documents (organization_id, uploaded_at DESC)`,
    );
    await db.query(`CREATE INDEX documents_search_idx ON documents USING gin (search_vector)`);
    await db.query(`
      CREATE TABLE document_tags (
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        PRIMARY KEY (document_id, tag_id)
      )`);
    await db.query(`
      CREATE TABLE document_images (
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        image_id text NOT NULL,
        storage_key text NOT NULL,
        page integer NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        PRIMARY KEY (document_id, image_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['document_images', 'document_tags', 'documents', 'tags', 'folders']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}

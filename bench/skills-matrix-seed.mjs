// The skills-matrix benchmark's organization: by default 10,000 people, 500 SOPs, 100,000
// observations with 1,000,000 answers (any size: `SIZE` below, e.g. 100,000 people, 1,000 SOPs
// and 5,000,000 answers), the certifications their passes issued, 20 job functions of 25 SOPs
// each and 20 courses of 5 SOPs with 2 enrolments a person, straight into each service's
// tables (after their migrations ran) by set-based statements (generate_series).

export const PEOPLE = 10_000;
export const SOPS = 500;
export const QUESTIONS = 10;
export const ANSWERS = 1_000_000;
export const FUNCTIONS = 20;
export const SOPS_PER_FUNCTION = 25;
export const COURSES = 20;
export const SOPS_PER_COURSE = 5;

/** @typedef {{ people: number, sops: number, answers: number }} Size */

/** @type {Size} */
export const SIZE = { people: PEOPLE, sops: SOPS, answers: ANSWERS };

/**
 * Every table is filled by set-based statements: the seeding itself has no per-row round trip.
 * Names are zero-padded to the size's width ('Person 000042' at 100,000 people), so their order
 * is their number's.
 * @param {import('pg').Client} sql
 * @param {string} passwordHash
 * @param {Size} [size]
 */
export async function seed(sql, passwordHash, size = SIZE) {
  const { people: personCount, sops: sopCount } = size;
  const observationCount = Math.ceil(size.answers / QUESTIONS);
  if (sopCount < FUNCTIONS * SOPS_PER_FUNCTION)
    throw new Error(`the job functions need at least ${FUNCTIONS * SOPS_PER_FUNCTION} SOPs`);
  const personWidth = String(personCount).length;
  const sopWidth = Math.max(3, String(sopCount).length);
  const [{ id: org }] = (
    await sql.query(
      `INSERT INTO identity.organizations (name, display_name, domain)
       VALUES ('bench-plant', 'Bench Plant', 'bench.test') RETURNING id`,
    )
  ).rows;
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, password_hash, is_active)
     VALUES ('admin@bench.test', 'Bench Admin', 'admin', $1, $2, true)`,
    [org, passwordHash],
  );
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, is_active, last_login, created_at)
     SELECT 'person' || n || '@bench.test', 'Person ' || lpad(n::text, ${personWidth}, '0'),
            CASE WHEN n % 100 = 0 THEN 'manager' WHEN n % 100 = 1 THEN 'training_supervisor'
                 ELSE 'operator' END,
            $1, true, now() - make_interval(days => n % 40), now() - make_interval(days => n % 400)
       FROM generate_series(1, ${personCount}) n`,
    [org],
  );
  await sql.query(
    `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix,
       source_key, uploaded_by, processed, sop_processed, text_key, evaluation_generated,
       evaluation_id, processing_stage)
     SELECT $1::int, 'SOP ' || lpad(n::text, ${sopWidth}, '0'), 'sop' || n || '.pdf', 100000,
            'org/' || $1::int || '/documents/' || n,
            'org/' || $1::int || '/documents/' || n || '/source.pdf',
            1, true, true, 'org/' || $1::int || '/documents/' || n || '/sop.txt', true, n, 'done'
       FROM generate_series(1, ${sopCount}) n`,
    [org],
  );
  const people = `(SELECT array_agg(id ORDER BY id) FROM identity.users WHERE email LIKE 'person%')`;
  const documents = `(SELECT array_agg(id ORDER BY id) FROM library.documents WHERE organization_id = $1)`;
  // Each observation: one person, one SOP, over the last 400 days; scores spread 40-100.
  await sql.query(
    `INSERT INTO observation.observations (organization_id, evaluation_id, document_id,
       evaluation_title, questions, operator_id, operator_name, observer_id, observer_name, status,
       pass_mark, score, passed, started_at, completed_at, duration_seconds)
     SELECT $1, d, d, 'SOP ' || d || ' evaluation',
            (SELECT jsonb_agg(jsonb_build_object('id', 'q' || q)) FROM generate_series(1, ${QUESTIONS}) q),
            p, 'Person ' || p, 1, 'Bench Admin', 'completed', 80, s, s >= 80,
            t, t + interval '12 minutes', 720
       FROM (SELECT (${people})[(1 + (n::bigint * 7919) % ${personCount})::int] AS p,
                    (${documents})[(1 + (n::bigint * 104729) % ${sopCount})::int] AS d,
                    40 + (n * 31) % 61 AS s,
                    now() - make_interval(days => (n * 13) % 400, mins => n % 1440) AS t
               FROM generate_series(1, ${observationCount}) n) o`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.observation_responses (observation_id, question_id, selected_option,
       selected_option_text, correct, time_spent_seconds, manager_notes, answered_at)
     SELECT o.id, 'q' || q, 'A', '', (o.id + q) % 10 < o.score / 10, 30, '', o.started_at
       FROM observation.observations o, generate_series(1, ${QUESTIONS}) q
      WHERE o.organization_id = $1`,
    [org],
  );
  // The certification each person's latest pass of an SOP issued (12 months), as the issuer does;
  // those expired or expiring within 30 days already announced, as the daily expiry sweep would
  // have left them (unannounced, the 16,250 of the 100,000-person seed are announced when the
  // services start, each to the organization's 1,000 supervisors: minutes of work in identity
  // beside whatever is measured).
  await sql.query(
    `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind, subject_id,
       title, observation_id, observer_id, score, validity_months, issued_at, expires_at,
       verification_code, notified_state)
     SELECT *, CASE WHEN expires_at <= now() THEN 'expired'
                    WHEN expires_at <= now() + interval '30 days' THEN 'expiring_soon' END
       FROM (SELECT DISTINCT ON (operator_id, document_id) $1::int, operator_id, operator_name,
                    'sop', document_id, evaluation_title, id, 1, score, 12, completed_at,
                    completed_at + interval '12 months' AS expires_at,
                    upper(substr(md5(id::text), 1, 12))
               FROM observation.observations WHERE organization_id = $1 AND passed
              ORDER BY operator_id, document_id, completed_at DESC) c`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.job_functions (organization_id, name, created_by)
     SELECT $1, 'Function ' || lpad(n::text, 2, '0'), 1 FROM generate_series(1, ${FUNCTIONS}) n`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.job_function_sops (job_function_id, document_id, title)
     SELECT f.id, d.id, d.title
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM observation.job_functions
              WHERE organization_id = $1) f
       JOIN (SELECT id, title, row_number() OVER (ORDER BY id) - 1 AS j FROM library.documents
              WHERE organization_id = $1) d
         ON d.j >= f.i * ${SOPS_PER_FUNCTION} AND d.j < (f.i + 1) * ${SOPS_PER_FUNCTION}`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.job_function_members (job_function_id, organization_id, user_id)
     SELECT f.id, $1, u.id
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM observation.job_functions
              WHERE organization_id = $1) f
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS j FROM identity.users
              WHERE email LIKE 'person%') u ON u.j % ${FUNCTIONS} = f.i`,
    [org],
  );
  // Courses of 5 SOPs each; every person enrolled in two of them.
  await sql.query(
    `INSERT INTO observation.courses (organization_id, title, description, category, duration,
       difficulty, created_by, due_date)
     SELECT $1, 'Course ' || lpad(n::text, 2, '0'), '', 'Safety', '1 h', 'Beginner', 1,
            current_date + n
       FROM generate_series(1, ${COURSES}) n`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.course_sops (course_id, position, document_id, title)
     SELECT c.id, k, d.ids[(1 + (c.i * ${SOPS_PER_COURSE} + k) % ${sopCount})::int], 'SOP'
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM observation.courses
              WHERE organization_id = $1) c,
            (SELECT array_agg(id ORDER BY id) AS ids FROM library.documents
              WHERE organization_id = $1) d,
            generate_series(1, ${SOPS_PER_COURSE}) k`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.enrollments (course_id, user_id, enrolled_at)
     SELECT cs.ids[(1 + (u.j + e) % ${COURSES})::int], u.id,
            now() - make_interval(days => (u.j % 60)::int)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS j FROM identity.users
              WHERE email LIKE 'person%') u,
            (SELECT array_agg(id ORDER BY id) AS ids FROM observation.courses
              WHERE organization_id = $1) cs,
            generate_series(0, 1) e`,
    [org],
  );
  // Visibility map and statistics, as autovacuum would leave a live database.
  await sql.query('VACUUM ANALYZE');
  return seededCounts(sql);
}

/**
 * What the database holds for the bench's organization (found by its domain).
 * @param {import('pg').Client} sql
 * @returns {Promise<{ people: number, sops: number, observations: number, answers: number,
 *   certifications: number, firstFunction: number, lastPerson: number, organization: number }>}
 */
export async function seededCounts(sql) {
  const found = await sql.query(
    `SELECT id FROM identity.organizations WHERE domain = 'bench.test'`,
  );
  const org = found.rows[0]?.id;
  if (org === undefined) throw new Error('no bench organization in this database');
  const counts = (
    await sql.query(
      `SELECT (SELECT count(*) FROM identity.users WHERE organization_id = $1)::int AS people,
              (SELECT count(*) FROM library.documents WHERE organization_id = $1)::int AS sops,
              (SELECT count(*) FROM observation.observations)::int AS observations,
              (SELECT count(*) FROM observation.observation_responses)::int AS answers,
              (SELECT count(*) FROM observation.certifications)::int AS certifications,
              (SELECT min(id) FROM observation.job_functions)::int AS "firstFunction",
              (SELECT max(id) FROM identity.users WHERE organization_id = $1)::int AS "lastPerson",
              $1::int AS organization`,
      [org],
    )
  ).rows[0];
  return counts;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryInboxMessage } from '@hub/proto';
import { readIdentityConfig } from '../../identity/src/config.js';
import { startIdentity } from '../../identity/src/identity.app.js';
import { libraryInbox, type PlayedLibrary } from './library-inbox.js';
import { startTestStack, type TestStack } from './test-stack.js';

/**
 * The library's notices (document processed, processing failed, a new version to acknowledge)
 * reach their readers though identity was away when the change was recorded, and once: a
 * message the inbox handles again (its process killed after the commit, BullMQ delivering it
 * again) tells nobody a second time.
 */
const PROCESSED = 'Document processed';
const FAILED = 'Document processing failed';
const ACKNOWLEDGE = 'New SOP version to acknowledge';
const REASON = 'The PDF is password-protected.';

let stack: TestStack;
let played: PlayedLibrary;
let acme: number;
let ann: number;
let otto: number;

beforeAll(async () => {
  stack = await startTestStack();
  // Its calls to identity while identity is away are refused after 2 s, not the usual 10: the
  // test is about what comes after (the observation service, up, answers in time).
  played = libraryInbox(stack, 2_000);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  ann = await stack.createUser({ email: 'ann@acme.test', role: 'admin', organizationId: acme });
  otto = await stack.createUser({
    email: 'otto@acme.test',
    role: 'operator',
    organizationId: acme,
  });
}, 120_000);

afterAll(async () => {
  await played?.close();
  await stack?.stop();
});

/** A document Ann uploaded, its `version` under way in run 1. */
async function documentUnderWay(title: string, version = 1): Promise<number> {
  const { rows } = await stack.sql.query<{ id: number }>(
    `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix,
       source_key, uploaded_by, processing_stage, processing_run, current_version)
     VALUES ($1, $2, 'sop.pdf', 1, $2, $2, $3, 'extracting', 1, $4)
     RETURNING id`,
    [acme, title, ann, version],
  );
  return rows[0]!.id;
}

/** Otto's certification on the document: he is asked to acknowledge its new versions. */
async function certifyOtto(documentId: number): Promise<void> {
  await stack.sql.query(
    `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind,
       subject_id, title, observer_id, validity_months, issued_at, expires_at, verification_code)
     VALUES ($1, $2, 'Otto', 'sop', $3, 'Cooling', $4, 12, now(), now() + interval '1 year', $5)`,
    [acme, otto, documentId, ann, `NOTICES-${documentId}`],
  );
}

/** What the PDF worker reports of run 1, its text stored. */
async function processed(documentId: number): Promise<LibraryInboxMessage> {
  const textKey = `notices/${documentId}/content.txt`;
  await stack.storage.put(textKey, Buffer.from('Cool food within 2 hours.'), 'text/plain');
  return {
    kind: 'pdf.processed',
    documentId,
    run: 1,
    markdownKey: `notices/${documentId}/content.md`,
    textKey,
    images: [],
    pageCount: 1,
    ocrPages: 0,
    ocrError: null,
  };
}

const failed = (documentId: number): LibraryInboxMessage => ({
  kind: 'pdf.failed',
  documentId,
  run: 1,
  reason: REASON,
});

/** The messages of the notices `userId` has with this title. */
async function notices(userId: number, title: string): Promise<string[]> {
  const { rows } = await stack.sql.query<{ message: string }>(
    `SELECT message FROM identity.notifications WHERE user_id = $1 AND title = $2 ORDER BY id`,
    [userId, title],
  );
  return rows.map((row) => row.message);
}

/** Runs `work` with identity stopped, then starts it again. */
async function whileIdentityAway(work: () => Promise<void>): Promise<void> {
  await stack.identity.close();
  try {
    await work();
  } finally {
    Object.assign(stack.identity, await startIdentity(readIdentityConfig(stack.env)));
  }
}

describe("the library's notices", () => {
  it('reach their readers once, though identity was away and the messages came twice', async () => {
    const cooling = await documentUnderWay('Cooling', 2);
    await certifyOtto(cooling);
    const ovens = await documentUnderWay('Ovens');
    await whileIdentityAway(async () => {
      await played.inbox.handle(await processed(cooling));
      await played.inbox.handle(failed(ovens));
    });
    const poll = { timeout: 20_000, interval: 250 };
    await expect
      .poll(() => notices(ann, PROCESSED), poll)
      .toEqual(['"Cooling" was processed: 1 page(s), 0 image(s).']);
    await expect
      .poll(() => notices(ann, FAILED), poll)
      .toEqual([`"Ovens" could not be processed: ${REASON}`]);
    await expect.poll(() => notices(otto, ACKNOWLEDGE), poll).toHaveLength(1);

    // Delivered again, as BullMQ does when the process died before the job was marked done.
    await played.inbox.handle(await processed(cooling));
    await played.inbox.handle(failed(ovens));
    // Told after them, so once it is there, so would be any second notice of theirs.
    const knives = await documentUnderWay('Knives');
    await played.inbox.handle(failed(knives));
    await expect.poll(() => notices(ann, FAILED), poll).toHaveLength(2);
    expect(await notices(ann, PROCESSED)).toHaveLength(1);
    expect(await notices(ann, FAILED)).toEqual([
      `"Ovens" could not be processed: ${REASON}`,
      `"Knives" could not be processed: ${REASON}`,
    ]);
    expect(await notices(otto, ACKNOWLEDGE)).toHaveLength(1);
  }, 120_000);
});

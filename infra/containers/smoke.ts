// The container smoke test (`npm run test:containers`, after infra/scripts/test-containers.sh has
// built the images): the compose stack of docker-compose.yml + infra/docker/compose.offline.yml
// started from empty volumes, then used through the product's HTTP API as people use it:
// the super administrator signs in, creates an organization and invites a member (the mail is
// caught), the member uploads a PDF (processed, with its evaluation) and a short video
// (analysed); two PDF workers share the queue; a killed worker container is restarted by its
// restart policy; after `down` and `up` every record and file is still there (volumes).
// Run by Node itself (type stripping): built-in modules only, no build step.
// The stack is driven by compose-stack.ts, the API by smoke-client.ts (waits in smoke-waits.ts).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  compose,
  containerName,
  down,
  env,
  gatewayAnswers,
  healthy,
  inspect,
  jobsDone,
  PROJECT,
  SCALE_FILE_TEXT,
  scaleFile,
  SECOND_PDF_WORKER,
  startTiers,
  SUPER_ADMIN,
} from './compose-stack.ts';
import {
  Client,
  fileBlob,
  invitationLink,
  memberVideo,
  PROCESSING_TIMEOUT_MS,
  waitProcessed,
} from './smoke-client.ts';
import { check, freePort, type Json, log, root, seconds, waitUntil } from './smoke-waits.ts';

const FIXTURES = process.env.HUB_FIXTURES ?? path.join(root, '../shared/fixtures');
const MEMBER_PASSWORD = 'Smoke-Member-Pass-1!';

const figures: [string, string][] = [];

// ---- the run ------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  // Whatever an earlier run left, its second PDF worker included, before a port is chosen.
  writeFileSync(scaleFile, SCALE_FILE_TEXT);
  compose(['down', '-v'], true);
  const port = await freePort(Number(process.env.HUB_PORT ?? 8080));
  env.HUB_PORT = String(port);
  env.PUBLIC_URL = `http://localhost:${port}`;
  const base = `http://127.0.0.1:${port}`;
  log(`fresh stack (project ${PROJECT}, gateway on port ${port})`);
  let at = performance.now();
  await startTiers(false);
  await gatewayAnswers(base);
  figures.push(['stack start from empty volumes, to every health check passing', seconds(at)]);

  // The super administrator: an organization and an invited member.
  const admin = await new Client(base).login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  const id = randomBytes(3).toString('hex');
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: `Smoke ${id}`,
    displayName: `Smoke ${id}`,
    domain: `smoke-${id}.example.com`,
  });
  const organizationId = Number(organization.id);
  const memberEmail = `amy@smoke-${id}.example.com`;
  const invited = await admin.call('POST', '/api/admin/users', {
    email: memberEmail,
    name: 'Amy Smoke',
    organizationId,
    role: 'admin',
  });
  check(invited.invitationSent === true, `invitation not sent: ${JSON.stringify(invited)}`);
  const link = await invitationLink(memberEmail);
  log(`organization ${organizationId} created, invitation caught: ${link.pathname}`);

  const photos = readdirSync(path.join(FIXTURES, 'faces/amy'))
    .sort()
    .map((name) => path.join(FIXTURES, 'faces/amy', name));
  await new Client(base).upload(
    '/api/auth/setup-password-with-profile',
    {
      token: link.searchParams.get('token') ?? '',
      email: link.searchParams.get('email') ?? '',
      password: MEMBER_PASSWORD,
    },
    fileBlob(photos[0]!, 'image/png'),
    'amy.png',
  );
  const member = await new Client(base).login(memberEmail, MEMBER_PASSWORD);
  log('the member accepted the invitation and signed in');

  // A PDF, processed with its evaluation.
  at = performance.now();
  const pdf = path.join(FIXTURES, 'pdfs/tracemonkey.pdf');
  const uploaded = await member.upload(
    '/api/library/documents/upload',
    { title: 'Smoke SOP' },
    fileBlob(pdf, 'application/pdf'),
    'tracemonkey.pdf',
  );
  const documentId = Number(uploaded.id);
  await waitProcessed(member, documentId);
  const evaluated = await waitUntil('its evaluation', PROCESSING_TIMEOUT_MS, async () => {
    const document = await member.call('GET', `/api/library/documents/${documentId}`);
    check(
      !document.evaluationGenerationError,
      `evaluation: ${String(document.evaluationGenerationError)}`,
    );
    return document.evaluationGenerated === true ? document : undefined;
  });
  const evaluation = await member.call('GET', `/api/library/documents/${documentId}/evaluation`);
  const questions = (evaluation.questions as unknown[] | undefined)?.length ?? 0;
  check(questions > 0, 'an evaluation without questions');
  log(
    `PDF ${documentId}: ${String(evaluated.pageCount)} pages, evaluation of ${questions} questions`,
  );
  figures.push(['PDF upload to processed with its evaluation (first job)', seconds(at)]);

  // A short video, analysed.
  at = performance.now();
  const video = memberVideo(photos);
  const videoRecord = await member.upload(
    '/api/videos/upload',
    { title: 'Smoke shift', recordingDate: new Date().toISOString() },
    fileBlob(video, 'video/mp4'),
    'shift.mp4',
  );
  const videoId = Number(videoRecord.id);
  await member.call('POST', `/api/videos/${videoId}/analyze`, { linkedSOPs: [documentId] });
  const analysed = await waitUntil(`video ${videoId} analysed`, PROCESSING_TIMEOUT_MS, async () => {
    const one = await member.call('GET', `/api/videos/${videoId}`);
    check(one.analysisStatus !== 'failed', `video analysis: ${String(one.analysisError)}`);
    return one.analysisStatus === 'completed' ? one : undefined;
  });
  // The video is made of her own photos: the worker must find her enrolled face in it.
  check(Number(analysed.identifiedOperators) >= 1, 'the member identified in her video');
  log(
    `video ${videoId}: ${String(analysed.durationSeconds)} s, ` +
      `${String(analysed.detectedOperators)} detected, ${String(analysed.identifiedOperators)} identified`,
  );
  figures.push(['video upload to analysis completed', seconds(at)]);

  // Two PDF workers on one queue (see SECOND_PDF_WORKER).
  at = performance.now();
  // Only the new container: `up` on running services has podman try (and fail) to create each
  // again, and once that cost the gateway's published port for a moment.
  compose(['up', '-d', SECOND_PDF_WORKER], true);
  await waitUntil(`${containerName(SECOND_PDF_WORKER)} healthy`, 180_000, async () =>
    healthy(containerName(SECOND_PDF_WORKER)) ? true : undefined,
  );
  await gatewayAnswers(base);
  figures.push(['second PDF worker up and healthy', seconds(at)]);
  const workers = [containerName('pdf-worker'), containerName(SECOND_PDF_WORKER)];
  const before = workers.map(jobsDone);
  const batch: number[] = [];
  for (let copy = 1; copy <= 6; copy += 1) {
    const one = await member.upload(
      '/api/library/documents/upload',
      { title: `Smoke batch ${copy}` },
      fileBlob(pdf, 'application/pdf'),
      `batch-${copy}.pdf`,
    );
    batch.push(Number(one.id));
  }
  for (const documentId of batch) await waitProcessed(member, documentId);
  const done = workers.map((worker, index) => jobsDone(worker) - before[index]!);
  log(`PDF jobs per worker: ${workers.map((w, i) => `${w} ${done[i]}`).join(', ')}`);
  check(
    done.every((count) => count > 0),
    `both PDF workers take jobs (${done.join(', ')})`,
  );

  // A worker container killed (SIGKILL to its process, as a crash) comes back by itself.
  const victim = workers[0]!;
  const restartsBefore = Number(inspect(victim, '{{.RestartCount}}'));
  process.kill(Number(inspect(victim, '{{.State.Pid}}')), 'SIGKILL');
  at = performance.now();
  await waitUntil(`${victim} restarted`, 60_000, async () =>
    Number(inspect(victim, '{{.RestartCount}}')) > restartsBefore &&
    inspect(victim, '{{.State.Status}}') === 'running'
      ? true
      : undefined,
  );
  await waitUntil(`${victim} healthy again`, 120_000, async () =>
    healthy(victim) ? true : undefined,
  );
  log(`${victim} killed, restarted by its restart policy`);
  figures.push(['killed PDF worker restarted and healthy', seconds(at)]);

  // down, up: the records and files are on the volumes.
  const documentsBefore = (await member.call('GET', '/api/library/documents')) as Json;
  down(true, false);
  at = performance.now();
  await startTiers(true);
  await gatewayAnswers(base);
  figures.push(['stack start on existing volumes', seconds(at)]);
  const again = await new Client(base).login(memberEmail, MEMBER_PASSWORD);
  const documentsAfter = (await again.call('GET', '/api/library/documents')) as Json;
  check(
    JSON.stringify(idsOf(documentsAfter)) === JSON.stringify(idsOf(documentsBefore)) &&
      idsOf(documentsAfter).length === 7,
    `documents after down/up: ${JSON.stringify(idsOf(documentsAfter))}`,
  );
  const link2 = await again.call('GET', `/api/library/documents/${documentId}/download-url`);
  const file = await fetch(new URL(String(link2.url), base), {
    headers: { cookie: again.cookie },
  });
  const bytes = Buffer.from(await file.arrayBuffer());
  check(
    bytes.equals(readFileSync(pdf)),
    `the PDF read back (${file.status}, ${bytes.length} bytes)`,
  );
  const videoAfter = await again.call('GET', `/api/videos/${videoId}`);
  check(videoAfter.analysisStatus === 'completed', 'the video analysis after down/up');
  const stream = await fetch(
    `${base}/api/videos/stream/${encodeURIComponent(String(videoAfter.s3Key))}`,
    { headers: { cookie: again.cookie } },
  );
  const streamed = Buffer.from(await stream.arrayBuffer());
  check(streamed.equals(readFileSync(video)), `the video read back (${stream.status})`);
  const admin2 = await new Client(base).login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  const organizations = (await admin2.call(
    'GET',
    `/api/admin/organizations?search=smoke-${id}.example.com`,
  )) as unknown;
  check(
    JSON.stringify(organizations).includes(`smoke-${id}.example.com`),
    'the organization after down/up',
  );
  log(
    'after down and up: the organization, member, 7 documents, the PDF, the video and its report',
  );

  figures.push(['whole smoke test', seconds(started)]);
  if (process.env.HUB_SMOKE_KEEP !== '1') down(true, true);
  rmSync(path.dirname(scaleFile), { recursive: true, force: true });
}

function idsOf(list: Json): number[] {
  const documents = (list.documents ?? list.items ?? []) as { id: number }[];
  return documents.map((d) => d.id).sort((a, b) => a - b);
}

try {
  await main();
  console.log('\n[smoke] passed');
} catch (error) {
  console.error(
    `\n[smoke] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  // fetch's own reason (refused, reset) is in the cause.
  if (error instanceof Error && error.cause) console.error('[smoke] cause:', error.cause);
  console.error(`[smoke] the stack is left up for a look: podman ps -a --filter name=${PROJECT}_`);
  process.exitCode = 1;
} finally {
  for (const [what, time] of figures) console.log(`[smoke] ${time.padStart(9)}  ${what}`);
}

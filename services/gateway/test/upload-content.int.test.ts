import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError, type ResponseOf } from './api-client.js';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, fixture, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startVideoWorkers } from './test-workers.js';

/**
 * Upload content is read, not only its first bytes: pictures are decoded and encoded again
 * without their metadata, videos are read by ffprobe before they count as videos, and titles and
 * file names lose the characters that disguise them.
 */

const photo = readFileSync(fixture('faces/amy/amy1.png'));
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

let stack: TestStack;
let workers: RunningWorkers;
let ann: ApiSession;
let acme: number;

beforeAll(async () => {
  stack = await startTestStack();
  workers = await startVideoWorkers(stack);
  const organization = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', [
    'admin',
  ]);
  acme = organization.organizationId;
  ann = organization.members.admin.session;
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

const uploadPicture = (data: Buffer, name = 'me.png') =>
  ann.uploadTo(api.uploadProfilePicture, {}, { name, data });

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await stack.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('profile pictures', () => {
  it('refuses a PNG header followed by HTML and keeps nothing of it', async () => {
    const disguised = Buffer.concat([photo.subarray(0, 16), HTML]);
    const answer = await expectError(uploadPicture(disguised, 'cat.png'), 400);
    expect(answer.message).toBe(
      'The picture could not be read as an image. Please upload a JPEG or PNG picture.',
    );
    expect(await stack.storage.list(`org/${acme}/profile-pictures/`)).toEqual([]);
  });

  it('stores a re-encoded picture without its metadata or trailing bytes', async () => {
    const tagged = await sharp(photo)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS 48.85N 2.35E secret' } } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    await uploadPicture(Buffer.concat([tagged, HTML]), 'me.jpg');
    const [key] = await stack.storage.list(`org/${acme}/profile-pictures/`);
    const kept = await stored(key!);
    const metadata = await sharp(kept).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(kept.includes(Buffer.from('secret'))).toBe(false);
    expect(kept.includes(Buffer.from('<script>'))).toBe(false);
    expect((await stack.storage.stat(key!))?.contentType).toBe('image/jpeg');
  });
});

type VideoView = ResponseOf<typeof api.video>;

/** An `ftyp` box as MP4 files begin, so the upload's magic-byte check lets it through. */
const MP4_HEADER = Buffer.from(
  '000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
  'hex',
);

/** Two seconds of ffmpeg's test pattern as an H.264 MP4. */
const realVideo = () =>
  execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=5'].concat([
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-f',
      'mp4',
      'pipe:1',
    ]),
  );

const uploadVideo = (data: Buffer, title: string) =>
  ann.uploadTo(
    api.uploadVideo,
    { title, recordingDate: '2026-11-20T08:00:00.000Z' },
    { name: `${title}.mp4`, data },
  );

async function settled(id: number, done: (video: VideoView) => boolean): Promise<VideoView> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const video = await ann.call(api.video, { params: { id } });
    if (done(video) || Date.now() > deadline) return video;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('videos', () => {
  const UNREADABLE = /^The video could not be decoded: .+\.$/;

  it('fails an MP4 header followed by HTML with the reason, and again when analysed again', async () => {
    const { id } = await uploadVideo(Buffer.concat([MP4_HEADER, HTML]), 'disguised');
    const probed = await settled(id, (video) => video.analysisStatus !== 'pending');
    expect(probed.analysisStatus).toBe('failed');
    expect(probed.analysisError).toMatch(UNREADABLE);
    // Failed is not final: the product lets anyone analyse it again, which reads it again.
    await ann.call(api.analyzeVideo, { params: { id }, body: { linkedSOPs: [] } });
    const again = await settled(id, (video) => video.analysisStatus !== 'processing');
    expect(again.analysisStatus).toBe('failed');
    expect(again.analysisError).toMatch(UNREADABLE);
  }, 120_000);

  it('keeps a real video pending for analysis, with the duration ffprobe read', async () => {
    const answer = await uploadVideo(realVideo(), 'pattern');
    const video = await settled(answer.id, (row) => row.durationSeconds !== null);
    expect(video.analysisStatus).toBe('pending');
    expect(video.durationSeconds).toBeCloseTo(2, 0);
  }, 120_000);
});

describe('titles and file names', () => {
  it('strips bidi, zero-width and control characters from stored names', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n', 'latin1');
    const answer = await ann.uploadTo(
      api.uploadDocument,
      { title: 'Mixer\u200B cleaning\u202E fdp.exe\u001B[2J' },
      { name: 'invoice\u202Efdp.exe\u0007.pdf', data: pdf },
    );
    expect(answer.title).toBe('Mixer cleaning fdp.exe[2J');
    expect(answer.fileName).toBe('invoicefdp.exe.pdf');
    const folder = await ann.call(api.createFolder, {
      body: { name: '\u2066Kitchen\u2069\u200B' },
    });
    expect(folder.name).toBe('Kitchen');
    const empty = ann.call(api.createFolder, { body: { name: '\u200B\u202E' } });
    expect((await expectError(empty, 400)).message).toBe('Please enter a folder name.');
  });
});

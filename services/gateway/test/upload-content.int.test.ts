import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, fixture, startTestStack, type TestStack } from './test-stack.js';

/**
 * Upload content is read, not only its first bytes: pictures are decoded and encoded again
 * without their metadata, and titles and file names lose the characters that disguise them.
 */

const photo = readFileSync(fixture('faces/amy/amy1.png'));
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

let stack: TestStack;
let ann: ApiSession;
let acme: number;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  ann = new ApiSession(stack.url);
  await ann.login('ann@acme.test', 'Acme-Admin-1');
});

afterAll(async () => {
  await stack?.stop();
});

const uploadPicture = (data: Buffer, name = 'me.png') =>
  ann.upload('/api/user/profile-picture-upload', {}, { field: 'profilePicture', name, data });

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await stack.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('profile pictures', () => {
  it('refuses a PNG header followed by HTML and keeps nothing of it', async () => {
    const disguised = Buffer.concat([photo.subarray(0, 16), HTML]);
    const answer = await uploadPicture(disguised, 'cat.png');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
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
    const answer = await uploadPicture(Buffer.concat([tagged, HTML]), 'me.jpg');
    expect(answer.status).toBe(201);
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

describe('titles and file names', () => {
  it('strips bidi, zero-width and control characters from stored names', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n', 'latin1');
    const answer = await ann.upload(
      '/api/library/documents/upload',
      { title: 'Mixer\u200B cleaning\u202E fdp.exe\u001B[2J' },
      { field: 'file', name: 'invoice\u202Efdp.exe\u0007.pdf', data: pdf },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.title).toBe('Mixer cleaning fdp.exe[2J');
    expect(answer.body.fileName).toBe('invoicefdp.exe.pdf');
    const folder = await ann.post('/api/library/folders', { name: '\u2066Kitchen\u2069\u200B' });
    expect(folder.body.name).toBe('Kitchen');
    const empty = await ann.post('/api/library/folders', { name: '\u200B\u202E' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter a folder name.');
  });
});

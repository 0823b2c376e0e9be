// The S3 simulator's storage: buckets, objects and multipart uploads as files below one folder.
//   ROOT/<bucket>/objects/<key, URI-encoded>        the bytes; beside it <name>.json (metadata)
//   ROOT/<bucket>/uploads/<uploadId>/upload.json    a multipart upload in progress
//   ROOT/<bucket>/uploads/<uploadId>/<n>[.json]     its parts, as they arrived
// What a test asks ("no parts left behind") is answered from these files, not from memory.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * @typedef {{ key: string, size: number, etag: string, contentType: string, lastModified: string }} ObjectMeta
 * @typedef {{ uploadId: string, key: string, contentType: string, initiated: string }} UploadMeta
 * @typedef {{ partNumber: number, size: number, etag: string, lastModified: string }} PartMeta
 * @typedef {{ size: number, md5: Buffer, sha256: string }} Written
 */

/** An S3 error: its code, HTTP status and message become the XML answer. */
export class S3Failure extends Error {
  /** @param {number} status @param {string} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const fileName = (/** @type {string} */ key) => encodeURIComponent(key);
const exists = (/** @type {string} */ path) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Streams a body to a temporary file beside `target`, hashing it on the way, then renames it.
 * @param {AsyncIterable<Buffer>} body @param {string} target @returns {Promise<Written>}
 */
async function writeHashed(body, target) {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  async function* hashing() {
    for await (const chunk of body) {
      md5.update(chunk);
      sha256.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }
  try {
    await pipeline(hashing, createWriteStream(partial));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { size, md5: md5.digest(), sha256: sha256.digest('hex') };
}

export class BucketStore {
  /** @param {string} root @param {number} minPartSize */
  constructor(root, minPartSize) {
    this.root = root;
    this.minPartSize = minPartSize;
  }

  /** @param {string} bucket */
  bucketPath(bucket) {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
      throw new S3Failure(400, 'InvalidBucketName', 'The specified bucket is not valid.');
    return join(this.root, bucket);
  }

  /** @param {string} bucket */
  async hasBucket(bucket) {
    return exists(this.bucketPath(bucket));
  }

  /** @param {string} bucket */
  async createBucket(bucket) {
    if (await this.hasBucket(bucket))
      throw new S3Failure(409, 'BucketAlreadyOwnedByYou', 'Your previous request succeeded.');
    await mkdir(join(this.bucketPath(bucket), 'objects'), { recursive: true });
    await mkdir(join(this.bucketPath(bucket), 'uploads'), { recursive: true });
  }

  /** @param {string} bucket */
  async requireBucket(bucket) {
    if (!(await this.hasBucket(bucket)))
      throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    return this.bucketPath(bucket);
  }

  /** @param {string} bucket @param {string} key */
  async objectPath(bucket, key) {
    return join(await this.requireBucket(bucket), 'objects', fileName(key));
  }

  /**
   * @param {string} bucket @param {string} key @param {AsyncIterable<Buffer>} body
   * @param {string} contentType @returns {Promise<Written & { etag: string }>}
   */
  async putObject(bucket, key, body, contentType) {
    const path = await this.objectPath(bucket, key);
    const written = await writeHashed(body, path);
    const etag = written.md5.toString('hex');
    await this.writeMeta(path, { key, size: written.size, etag, contentType });
    return { ...written, etag };
  }

  /** @param {string} path @param {Omit<ObjectMeta, 'lastModified'>} meta */
  async writeMeta(path, meta) {
    const full = { ...meta, lastModified: new Date().toISOString() };
    await writeFile(`${path}.json`, JSON.stringify(full));
  }

  /** @param {string} bucket @param {string} key @returns {Promise<ObjectMeta>} */
  async head(bucket, key) {
    const path = await this.objectPath(bucket, key);
    try {
      return JSON.parse(await readFile(`${path}.json`, 'utf8'));
    } catch {
      throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
    }
  }

  /** @param {string} bucket @param {string} key @param {{ start: number, end: number }} [range] */
  async read(bucket, key, range) {
    const meta = await this.head(bucket, key);
    return { meta, stream: createReadStream(await this.objectPath(bucket, key), range) };
  }

  /** @param {string} bucket @param {string} key */
  async remove(bucket, key) {
    const path = await this.objectPath(bucket, key);
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }

  /** @param {string} bucket @param {string} from @param {string} to */
  async copy(bucket, from, to) {
    const { meta, stream } = await this.read(bucket, from);
    return this.putObject(bucket, to, stream, meta.contentType);
  }

  /** Every object of the bucket, by key. @param {string} bucket @returns {Promise<ObjectMeta[]>} */
  async objects(bucket) {
    const folder = join(await this.requireBucket(bucket), 'objects');
    const names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
    const metas = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8'))),
    );
    return metas.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  // Multipart uploads.

  /** @param {string} bucket @param {string} key @param {string} contentType */
  async createUpload(bucket, key, contentType) {
    // Never all digits: XML parsers would read it as a number.
    const uploadId = `upload-${randomBytes(16).toString('hex')}`;
    const folder = join(await this.requireBucket(bucket), 'uploads', uploadId);
    await mkdir(folder, { recursive: true });
    /** @type {UploadMeta} */
    const meta = { uploadId, key, contentType, initiated: new Date().toISOString() };
    await writeFile(join(folder, 'upload.json'), JSON.stringify(meta));
    return uploadId;
  }

  /** @param {string} bucket @param {string} key @param {string} uploadId */
  async upload(bucket, key, uploadId) {
    const folder = join(await this.requireBucket(bucket), 'uploads', uploadId);
    /** @type {UploadMeta | null} */
    const meta = await readFile(join(folder, 'upload.json'), 'utf8').then(JSON.parse, () => null);
    if (!meta || meta.key !== key)
      throw new S3Failure(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    return { folder, meta };
  }

  /**
   * @param {string} bucket @param {string} key @param {string} uploadId @param {number} partNumber
   * @param {AsyncIterable<Buffer>} body @returns {Promise<Written & { etag: string }>}
   */
  async putPart(bucket, key, uploadId, partNumber, body) {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
      throw new S3Failure(400, 'InvalidArgument', 'Part number must be between 1 and 10000.');
    const { folder } = await this.upload(bucket, key, uploadId);
    const written = await writeHashed(body, join(folder, String(partNumber)));
    const etag = written.md5.toString('hex');
    /** @type {PartMeta} */
    const meta = { partNumber, size: written.size, etag, lastModified: new Date().toISOString() };
    await writeFile(join(folder, `${partNumber}.json`), JSON.stringify(meta));
    // An upload aborted while this part was arriving must not come back to life.
    if (!(await exists(join(folder, 'upload.json'))))
      await rm(folder, { recursive: true, force: true });
    return { ...written, etag };
  }

  /** @param {string} folder @returns {Promise<PartMeta[]>} */
  async partsIn(folder) {
    const names = (await readdir(folder)).filter((name) => /^\d+\.json$/.test(name));
    const parts = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8'))),
    );
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /** @param {string} bucket @param {string} key @param {string} uploadId */
  async listParts(bucket, key, uploadId) {
    const { folder, meta } = await this.upload(bucket, key, uploadId);
    return { meta, parts: await this.partsIn(folder) };
  }

  /**
   * Joins the parts the client names, after checking each exists with that ETag, that they
   * ascend and that all but the last are at least the minimum part size (as S3 does).
   * @param {string} bucket @param {string} key @param {string} uploadId
   * @param {{ partNumber: number, etag: string }[]} chosen
   */
  async complete(bucket, key, uploadId, chosen) {
    const { folder, meta } = await this.upload(bucket, key, uploadId);
    const stored = new Map((await this.partsIn(folder)).map((part) => [part.partNumber, part]));
    if (chosen.length === 0)
      throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed.');
    chosen.forEach((part, index) => {
      const found = stored.get(part.partNumber);
      if (!found || found.etag !== part.etag.replace(/"/g, ''))
        throw new S3Failure(
          400,
          'InvalidPart',
          `Part ${part.partNumber} was not found or its ETag differs.`,
        );
      if (index > 0 && part.partNumber <= (chosen[index - 1]?.partNumber ?? 0))
        throw new S3Failure(
          400,
          'InvalidPartOrder',
          'The list of parts was not in ascending order.',
        );
      if (index < chosen.length - 1 && found.size < this.minPartSize)
        throw new S3Failure(
          400,
          'EntityTooSmall',
          `Part ${part.partNumber} is smaller than the minimum.`,
        );
    });
    const path = await this.objectPath(bucket, key);
    async function* joined() {
      for (const part of chosen) yield* createReadStream(join(folder, String(part.partNumber)));
    }
    const written = await writeHashed(joined(), path);
    const digests = chosen.map((part) =>
      Buffer.from(stored.get(part.partNumber)?.etag ?? '', 'hex'),
    );
    const etag = `${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${chosen.length}`;
    await this.writeMeta(path, { key, size: written.size, etag, contentType: meta.contentType });
    await rm(folder, { recursive: true, force: true });
    return etag;
  }

  /** @param {string} bucket @param {string} key @param {string} uploadId */
  async abort(bucket, key, uploadId) {
    const { folder } = await this.upload(bucket, key, uploadId);
    await rm(folder, { recursive: true, force: true });
  }

  /**
   * Uploads in progress, by key then upload id, with how many parts and bytes each holds.
   * @param {string} bucket @returns {Promise<(UploadMeta & { parts: number, bytes: number })[]>}
   */
  async uploads(bucket) {
    const folder = join(await this.requireBucket(bucket), 'uploads');
    const found = [];
    for (const uploadId of await readdir(folder)) {
      const meta = await readFile(join(folder, uploadId, 'upload.json'), 'utf8').then(
        JSON.parse,
        () => null,
      );
      if (!meta) continue;
      const parts = await this.partsIn(join(folder, uploadId));
      const bytes = parts.reduce((sum, part) => sum + part.size, 0);
      found.push({ ...meta, parts: parts.length, bytes });
    }
    return found.sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.uploadId < b.uploadId ? -1 : 1,
    );
  }

  /** Part files on disk in the bucket, counted from the folder itself. @param {string} bucket */
  async partFiles(bucket) {
    const folder = join(await this.requireBucket(bucket), 'uploads');
    let count = 0;
    for (const uploadId of await readdir(folder)) {
      const names = await readdir(join(folder, uploadId)).catch(() => []);
      count += names.filter((name) => /^\d+$/.test(name)).length;
    }
    return count;
  }
}

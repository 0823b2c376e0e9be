// A small S3-protocol server for tests, storing on disk: the calls our adapter makes, multipart
// uploads included (s3rver refuses them, and neither MinIO nor moto installs on these machines).
// Path-style addressing only. It checks what a real server would refuse: a part's Content-MD5
// and x-amz-content-sha256, the parts named on completion (present, same ETag, ascending, all
// but the last at least `minPartSize`), and, unless `requireSignature` is false, that every
// request carries a SigV4 Authorization header for the expected access key (the signature
// itself is not recomputed).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BucketStore, S3Failure } from './bucket-store.mjs';
import {
  copyResult,
  doc,
  el,
  errorXml,
  listObjectsXml,
  listPartsXml,
  listUploadsXml,
  node,
} from './xml.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {{ method: string, path: string, query: string, status: number }} LoggedRequest
 * @typedef {import('./simulator.d.mts').S3SimulatorOptions} S3SimulatorOptions
 * @typedef {import('./simulator.d.mts').RunningS3Simulator} RunningS3Simulator
 */

const MIB = 1024 * 1024;

/** Reads a small request body (XML documents). @param {Req} req */
async function readText(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The body as it streams in, checked against the digests the client sent with it.
 * @param {Req} req @returns {AsyncIterable<Buffer>}
 */
async function* verifiedBody(req) {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  for await (const chunk of req) {
    md5.update(chunk);
    sha256.update(chunk);
    yield chunk;
  }
  const sentMd5 = req.headers['content-md5'];
  if (sentMd5 && sentMd5 !== md5.digest('base64'))
    throw new S3Failure(400, 'BadDigest', 'The Content-MD5 you specified did not match.');
  const sentSha = String(req.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(sentSha) && sentSha !== sha256.digest('hex'))
    throw new S3Failure(
      400,
      'XAmzContentSHA256Mismatch',
      'The provided x-amz-content-sha256 does not match.',
    );
}

/** @param {string | undefined} header @param {number} size */
function parseRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match) return undefined;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start > end || start >= size)
    throw new S3Failure(416, 'InvalidRange', 'The requested range is not satisfiable.');
  return { start, end };
}

/** @param {S3SimulatorOptions} [options] @returns {Promise<RunningS3Simulator>} */
export async function startS3Simulator(options = {}) {
  const ownFolder = options.directory ? null : mkdtempSync(join(tmpdir(), 'hub-s3sim-'));
  const store = new BucketStore(
    options.directory ?? ownFolder ?? '',
    options.minPartSize ?? 5 * MIB,
  );
  const accessKey = options.accessKey ?? 'hub-test-access';
  const pageSize = options.pageSize ?? 1000;
  /** @type {LoggedRequest[]} */
  const requests = [];
  /** Part numbers a test asked to fail, per upload id or for any upload ('*'): how many times. */
  const failures = new Map(/** @type {[string, number][]} */ ([]));

  /** @param {Req} req */
  function checkSignature(req) {
    if (options.requireSignature === false) return;
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('AWS4-HMAC-SHA256 Credential='))
      throw new S3Failure(403, 'AccessDenied', 'Access Denied.');
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKey}/`))
      throw new S3Failure(
        403,
        'InvalidAccessKeyId',
        'The AWS access key Id you provided does not exist.',
      );
    if (!req.headers['x-amz-date'] || !req.headers['x-amz-content-sha256'])
      throw new S3Failure(
        400,
        'AuthorizationHeaderMalformed',
        'Missing x-amz-date or payload hash.',
      );
  }

  /** @param {Res} res @param {string} body @param {number} [status] */
  const sendXml = (res, body, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(body);
  };

  /** @param {Req} req @param {Res} res @param {string} bucket @param {URLSearchParams} query */
  async function onBucket(req, res, bucket, query) {
    if (req.method === 'HEAD') return void (await store.requireBucket(bucket), res.end());
    if (req.method === 'PUT') return void (await store.createBucket(bucket), res.end());
    if (req.method === 'GET' && query.has('location'))
      return sendXml(res, doc('LocationConstraint', options.region ?? 'us-east-1'));
    if (req.method === 'GET' && query.has('uploads')) {
      return sendXml(res, listUploadsXml(bucket, query, await store.uploads(bucket), pageSize));
    }
    if (req.method === 'GET') {
      return sendXml(res, listObjectsXml(bucket, query, await store.objects(bucket), pageSize));
    }
    if (req.method === 'POST' && query.has('delete')) {
      const keys = [...(await readText(req)).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
        unescapeXml(m[1] ?? ''),
      );
      for (const key of keys) await store.remove(bucket, key);
      return sendXml(
        res,
        doc('DeleteResult', ...keys.map((key) => node('Deleted', el('Key', key)))),
      );
    }
    throw new S3Failure(405, 'MethodNotAllowed', 'The specified method is not allowed.');
  }

  /** @param {Req} req @param {Res} res @param {string} bucket @param {string} key @param {URLSearchParams} query */
  async function onMultipart(req, res, bucket, key, query) {
    const uploadId = query.get('uploadId') ?? '';
    if (req.method === 'POST' && query.has('uploads')) {
      const id = await store.createUpload(
        bucket,
        key,
        String(req.headers['content-type'] ?? 'application/octet-stream'),
      );
      return sendXml(
        res,
        doc(
          'InitiateMultipartUploadResult',
          el('Bucket', bucket),
          el('Key', key),
          el('UploadId', id),
        ),
      );
    }
    if (req.method === 'PUT') {
      const partNumber = Number(query.get('partNumber'));
      for (const which of [`${uploadId}:${partNumber}`, `*:${partNumber}`]) {
        const left = failures.get(which) ?? 0;
        if (left > 0) {
          failures.set(which, left - 1);
          req.resume();
          throw new S3Failure(
            500,
            'InternalError',
            'We encountered an internal error. Please try again.',
          );
        }
      }
      const part = await store.putPart(bucket, key, uploadId, partNumber, verifiedBody(req));
      res.writeHead(200, { etag: `"${part.etag}"` });
      return void res.end();
    }
    if (req.method === 'POST') {
      const body = await readText(req);
      const parts = [...body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
        partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] ?? '')?.[1]),
        etag: unescapeXml(/<ETag>([^<]*)<\/ETag>/.exec(m[1] ?? '')?.[1] ?? ''),
      }));
      const etag = await store.complete(bucket, key, uploadId, parts);
      return sendXml(
        res,
        doc(
          'CompleteMultipartUploadResult',
          el('Location', `/${bucket}/${key}`),
          el('Bucket', bucket),
          el('Key', key),
          el('ETag', `"${etag}"`),
        ),
      );
    }
    if (req.method === 'DELETE') {
      await store.abort(bucket, key, uploadId);
      res.writeHead(204);
      return void res.end();
    }
    const { meta, parts } = await store.listParts(bucket, key, uploadId);
    return sendXml(res, listPartsXml(bucket, meta, parts));
  }

  /** @param {Req} req @param {Res} res @param {string} bucket @param {string} key */
  async function onObject(req, res, bucket, key) {
    if (req.method === 'PUT' && req.headers['x-amz-copy-source']) {
      const source = decodeURIComponent(
        String(req.headers['x-amz-copy-source']).replace(/^\//, ''),
      );
      const [sourceBucket = '', ...rest] = source.split('/');
      if (sourceBucket !== bucket)
        throw new S3Failure(501, 'NotImplemented', 'Copies across buckets are not simulated.');
      const copied = await store.copy(bucket, rest.join('/'), key);
      return sendXml(res, copyResult(copied.etag));
    }
    if (req.method === 'PUT') {
      const type = String(req.headers['content-type'] ?? 'application/octet-stream');
      const written = await store.putObject(bucket, key, verifiedBody(req), type);
      res.writeHead(200, { etag: `"${written.etag}"` });
      return void res.end();
    }
    if (req.method === 'DELETE') {
      await store.remove(bucket, key);
      res.writeHead(204);
      return void res.end();
    }
    const meta = await store.head(bucket, key);
    const range = req.method === 'GET' ? parseRange(req.headers.range, meta.size) : undefined;
    const headers = {
      'content-type': meta.contentType,
      etag: `"${meta.etag}"`,
      'last-modified': new Date(meta.lastModified).toUTCString(),
      'accept-ranges': 'bytes',
      'content-length': String(range ? range.end - range.start + 1 : meta.size),
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${meta.size}` } : {}),
    };
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD') return void res.end();
    const { stream } = await store.read(bucket, key, range);
    stream.pipe(res);
  }

  /** @param {Req} req @param {Res} res */
  async function route(req, res) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = decodeURIComponent(rest.join('/'));
    checkSignature(req);
    if (!bucket) throw new S3Failure(501, 'NotImplemented', 'Listing buckets is not simulated.');
    if (!key) return onBucket(req, res, decodeURIComponent(bucket), url.searchParams);
    if (url.searchParams.has('uploads') || url.searchParams.has('uploadId'))
      return onMultipart(req, res, bucket, key, url.searchParams);
    return onObject(req, res, bucket, key);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    res.on('finish', () =>
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.search,
        status: res.statusCode,
      }),
    );
    route(req, res).catch((/** @type {unknown} */ error) => {
      const failure =
        error instanceof S3Failure ? error : new S3Failure(500, 'InternalError', String(error));
      if (res.headersSent) return void res.destroy();
      req.resume();
      res.writeHead(failure.status, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD' ? undefined : errorXml(failure.code, failure.message, url.pathname),
      );
    });
  });
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined)),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    accessKey,
    requests,
    uploads: (bucket) => store.uploads(bucket),
    partFiles: (bucket) => store.partFiles(bucket),
    failPart: (partNumber, times = Number.POSITIVE_INFINITY, uploadId = '*') =>
      void failures.set(`${uploadId}:${partNumber}`, times),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    },
  };
}

/** @param {string} text */
function unescapeXml(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

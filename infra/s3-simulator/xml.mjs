// The S3 simulator's XML answers, shaped as AWS documents them (only the fields clients read).

/**
 * @typedef {import('./bucket-store.mjs').ObjectMeta} ObjectMeta
 * @typedef {import('./bucket-store.mjs').UploadMeta} UploadMeta
 * @typedef {import('./bucket-store.mjs').PartMeta} PartMeta
 */

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

/** @param {string} text */
const escape = (text) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** An element holding text. @param {string} tag @param {string | number | boolean} value */
export const el = (tag, value) => `<${tag}>${escape(String(value))}</${tag}>`;

/** An element holding other elements. @param {string} tag @param {string[]} children */
export const node = (tag, ...children) => `<${tag}>${children.join('')}</${tag}>`;

/** A whole document. @param {string} root @param {string[]} children */
export const doc = (root, ...children) => `${HEAD}<${root} ${NS}>${children.join('')}</${root}>`;

/** @param {string} code @param {string} message @param {string} resource */
export const errorXml = (code, message, resource) =>
  `${HEAD}${node('Error', el('Code', code), el('Message', message), el('Resource', resource), el('RequestId', 'simulated'))}`;

/** @param {string} etag */
export const copyResult = (etag) =>
  doc('CopyObjectResult', el('ETag', `"${etag}"`), el('LastModified', new Date().toISOString()));

/**
 * ListObjectsV2: keys after `start-after` / the continuation token, at most `max-keys` (and
 * `pageSize`), folded into CommonPrefixes when a delimiter is given.
 * @param {string} bucket @param {URLSearchParams} query @param {ObjectMeta[]} all @param {number} pageSize
 */
export function listObjectsXml(bucket, query, all, pageSize) {
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const after = query.get('continuation-token') || query.get('start-after') || '';
  const max = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, pageSize);
  /** @type {(ObjectMeta | string)[]} */
  const entries = [];
  for (const object of all) {
    if (!object.key.startsWith(prefix) || object.key <= after) continue;
    const cut = delimiter ? object.key.indexOf(delimiter, prefix.length) : -1;
    const folded = cut >= 0 ? object.key.slice(0, cut + delimiter.length) : null;
    if (folded && entries.at(-1) === folded) continue;
    entries.push(folded ?? object);
  }
  const page = entries.slice(0, max);
  const truncated = entries.length > page.length;
  const last = page.at(-1);
  const lastKey = typeof last === 'string' ? last : (last?.key ?? '');
  return doc(
    'ListBucketResult',
    el('Name', bucket),
    el('Prefix', prefix),
    el('KeyCount', page.length),
    el('MaxKeys', max),
    el('IsTruncated', truncated),
    truncated ? el('NextContinuationToken', lastKey) : '',
    ...page.map((entry) =>
      typeof entry === 'string'
        ? node('CommonPrefixes', el('Prefix', entry))
        : node(
            'Contents',
            el('Key', entry.key),
            el('LastModified', entry.lastModified),
            el('ETag', `"${entry.etag}"`),
            el('Size', entry.size),
            el('StorageClass', 'STANDARD'),
          ),
    ),
  );
}

/**
 * ListMultipartUploads, by key then upload id, resuming after key-marker / upload-id-marker.
 * @param {string} bucket @param {URLSearchParams} query @param {UploadMeta[]} uploads @param {number} pageSize
 */
export function listUploadsXml(bucket, query, uploads, pageSize) {
  const prefix = query.get('prefix') ?? '';
  const keyMarker = query.get('key-marker') ?? '';
  const idMarker = query.get('upload-id-marker') ?? '';
  const max = Math.min(Number(query.get('max-uploads') ?? 1000) || 1000, pageSize);
  const matching = uploads.filter((upload) => upload.key.startsWith(prefix));
  // As S3 documents it: keys after key-marker, and uploads of key-marker itself whose id sorts
  // after upload-id-marker.
  const rest = matching.filter(
    (upload) =>
      upload.key > keyMarker ||
      (idMarker !== '' && upload.key === keyMarker && upload.uploadId > idMarker),
  );
  const page = rest.slice(0, max);
  const truncated = rest.length > page.length;
  return doc(
    'ListMultipartUploadsResult',
    el('Bucket', bucket),
    el('Prefix', prefix),
    el('KeyMarker', keyMarker),
    el('UploadIdMarker', idMarker),
    el('MaxUploads', max),
    el('IsTruncated', truncated),
    truncated ? el('NextKeyMarker', page.at(-1)?.key ?? '') : '',
    truncated ? el('NextUploadIdMarker', page.at(-1)?.uploadId ?? '') : '',
    ...page.map((upload) =>
      node(
        'Upload',
        el('Key', upload.key),
        el('UploadId', upload.uploadId),
        el('Initiated', upload.initiated),
        el('StorageClass', 'STANDARD'),
      ),
    ),
  );
}

/** @param {string} bucket @param {UploadMeta} upload @param {PartMeta[]} parts */
export function listPartsXml(bucket, upload, parts) {
  return doc(
    'ListPartsResult',
    el('Bucket', bucket),
    el('Key', upload.key),
    el('UploadId', upload.uploadId),
    el('IsTruncated', false),
    ...parts.map((part) =>
      node(
        'Part',
        el('PartNumber', part.partNumber),
        el('LastModified', part.lastModified),
        el('ETag', `"${part.etag}"`),
        el('Size', part.size),
      ),
    ),
  );
}

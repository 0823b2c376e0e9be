#!/usr/bin/env node
// The three `mc` commands docker-compose.yml runs, against the S3 simulator standing in for MinIO
// (minio.mjs) on the offline compose stack:
//   mc alias set NAME URL ACCESS_KEY SECRET_KEY
//   mc mb [--ignore-existing] NAME/BUCKET
//   mc ready NAME                 (`local`: this container's own port 9000)
// The simulator checks that a request names the expected access key but does not recompute
// signatures, so a header of the right shape is all a request needs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** @typedef {{ url: string, accessKey: string }} Alias */

const aliasFile = join(homedir(), '.mc', 'aliases.json');

/** @returns {Record<string, Alias>} */
function aliases() {
  const local = { url: 'http://127.0.0.1:9000', accessKey: process.env.MINIO_ROOT_USER ?? '' };
  try {
    return { local, ...JSON.parse(readFileSync(aliasFile, 'utf8')) };
  } catch {
    return { local };
  }
}

/** @param {string} name */
function alias(name) {
  const found = aliases()[name];
  if (!found) throw new Error(`no alias ${name}: mc alias set ${name} URL KEY SECRET`);
  return found;
}

/** @param {string} method @param {Alias} to @param {string} path */
function request(method, to, path) {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return fetch(`${to.url}${path}`, {
    method,
    headers: {
      authorization:
        `AWS4-HMAC-SHA256 Credential=${to.accessKey}/${day}/us-east-1/s3/aws4_request, ` +
        'SignedHeaders=host, Signature=0',
      'x-amz-date': `${day}T000000Z`,
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    },
    signal: AbortSignal.timeout(5000),
  });
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'alias' && args[0] === 'set' && args.length >= 4) {
    const [, name = '', url = '', accessKey = ''] = args;
    mkdirSync(join(homedir(), '.mc'), { recursive: true });
    const saved = aliases();
    writeFileSync(aliasFile, JSON.stringify({ ...saved, [name]: { url, accessKey } }));
    console.log(`Added \`${name}\` successfully.`);
  } else if (command === 'mb') {
    const ignoreExisting = args.includes('--ignore-existing');
    const target = args.find((arg) => !arg.startsWith('--')) ?? '';
    const [name = '', bucket = ''] = target.split('/');
    const response = await request('PUT', alias(name), `/${encodeURIComponent(bucket)}`);
    const body = await response.text();
    if (response.ok) console.log(`Bucket created successfully \`${target}\`.`);
    else if (ignoreExisting && body.includes('BucketAlreadyOwnedByYou')) {
      console.log(`Bucket \`${target}\` already exists.`);
    } else throw new Error(`${response.status} ${body}`);
  } else if (command === 'ready' && args[0]) {
    // Any S3 answer (an unsigned request is refused with 403) means the server is up.
    await request('GET', alias(args[0]), '/');
    console.log(`The cluster '${args[0]}' is ready`);
  } else {
    console.error(
      'usage: mc alias set | mb [--ignore-existing] | ready (the commands compose runs)',
    );
    process.exit(2);
  }
} catch (error) {
  console.error(`mc: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

#!/usr/bin/env node
// `minio server DIR [--console-address ...]` for the offline compose stack: the project's S3
// simulator (infra/s3-simulator) on port 9000, storing in DIR (compose's volume), expecting
// requests signed for MINIO_ROOT_USER. There is no console: the option is accepted and ignored.
import { startS3Simulator } from '../../s3-simulator/simulator.mjs';

const [command, directory] = process.argv.slice(2);
if (command !== 'server' || !directory) {
  console.error('usage: minio server DIR (the S3 simulator standing in for MinIO)');
  process.exit(2);
}
const simulator = await startS3Simulator({
  port: 9000,
  host: '0.0.0.0',
  directory,
  accessKey: process.env.MINIO_ROOT_USER ?? 'minioadmin',
});
console.log(`[minio stand-in] S3 simulator on ${simulator.url}, storing in ${directory}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

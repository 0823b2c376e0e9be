// Runs the S3 simulator on its own: `node infra/s3-simulator/main.mjs`. S3_SIMULATOR_PORT
// (default 9000), S3_SIMULATOR_DIR (default: a temporary folder), S3_ACCESS_KEY (the key requests
// must be signed for; default hub-test-access).
import { startS3Simulator } from './simulator.mjs';

const simulator = await startS3Simulator({
  port: Number(process.env.S3_SIMULATOR_PORT ?? 9000),
  directory: process.env.S3_SIMULATOR_DIR,
  accessKey: process.env.S3_ACCESS_KEY,
});
console.log(`[s3-simulator] listening on ${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

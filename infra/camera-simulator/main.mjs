// Runs the camera provider simulator on its own: `node infra/camera-simulator/main.mjs`.
// CAMERA_SIMULATOR_PORT (default 8090) and CAMERA_SIMULATOR_SNAPSHOTS, a comma-separated list of
// cameraId=/path/to/picture.jpg, pick the port and the pictures the cameras show.
import { startCameraSimulator } from './simulator.mjs';

const snapshots = Object.fromEntries(
  (process.env.CAMERA_SIMULATOR_SNAPSHOTS ?? '')
    .split(',')
    .filter((pair) => pair.includes('='))
    .map((pair) => /** @type {[string, string]} */ (pair.split('=', 2))),
);
const simulator = await startCameraSimulator({
  port: Number(process.env.CAMERA_SIMULATOR_PORT ?? 8090),
  snapshots,
});
console.log(`[camera-simulator] listening on ${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

import { runProcess } from '@hub/kit';
import { readVideoConfig } from './config.js';
import { startVideo } from './video.app.js';

await runProcess('video', async () => {
  const video = await startVideo(readVideoConfig());
  console.log('[video] ready');
  const stop = async () => {
    await video.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

import { runProcess, stopOnSignals } from '@hub/kit';
import { readVideoConfig } from './config.js';
import { startVideo } from './video.app.js';

await runProcess('video', async () => {
  const video = await startVideo(readVideoConfig());
  console.log('[video] ready');
  stopOnSignals('video', async () => {
    await video.close();
  });
});

import { processLogger, runProcess, stopOnSignals } from '@hub/kit';
import { readVideoConfig } from './config.js';
import { startVideo } from './video.app.js';

await runProcess('video', async () => {
  const video = await startVideo(readVideoConfig());
  processLogger().info('ready');
  stopOnSignals('video', async () => {
    await video.close();
  });
});

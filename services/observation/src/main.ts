import { runProcess } from '@hub/kit';
import { readObservationConfig } from './config.js';
import { startObservation } from './observation.app.js';

await runProcess('observation', async () => {
  const observation = await startObservation(readObservationConfig());
  console.log('[observation] ready');
  const stop = async () => {
    await observation.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

import { runProcess, stopOnSignals } from '@hub/kit';
import { readObservationConfig } from './config.js';
import { startObservation } from './observation.app.js';

await runProcess('observation', async () => {
  const observation = await startObservation(readObservationConfig());
  console.log('[observation] ready');
  stopOnSignals('observation', async () => {
    await observation.close();
  });
});

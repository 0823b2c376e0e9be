import { processLogger, runProcess, stopOnSignals } from '@hub/kit';
import { readObservationConfig } from './config.js';
import { startObservation } from './observation.app.js';

await runProcess('observation', async () => {
  const observation = await startObservation(readObservationConfig());
  processLogger().info('ready');
  stopOnSignals('observation', async () => {
    await observation.close();
  });
});

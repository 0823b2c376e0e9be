import { processLogger, runProcess, stopOnSignals } from '@hub/kit';
import { readIntegrationConfig } from './config.js';
import { startIntegration } from './integration.app.js';

await runProcess('integration', async () => {
  const integration = await startIntegration(readIntegrationConfig());
  processLogger().info('ready');
  stopOnSignals('integration', async () => {
    await integration.close();
  });
});

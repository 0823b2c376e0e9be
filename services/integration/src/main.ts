import { runProcess } from '@hub/kit';
import { readIntegrationConfig } from './config.js';
import { startIntegration } from './integration.app.js';

await runProcess('integration', async () => {
  const integration = await startIntegration(readIntegrationConfig());
  console.log('[integration] ready');
  const stop = async () => {
    await integration.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

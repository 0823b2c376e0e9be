import { processLogger, runProcess, stopOnSignals } from '@hub/kit';
import { readGatewayConfig } from './config.js';
import { createGateway } from './gateway.app.js';

await runProcess('gateway', async () => {
  const config = readGatewayConfig();
  const gateway = await createGateway(config);
  processLogger().info(`listening on ${config.PUBLIC_URL} (port ${config.PORT})`);
  stopOnSignals('gateway', async () => {
    await gateway.close();
  });
});

import { runProcess } from '@hub/kit';
import { readGatewayConfig } from './config.js';
import { createGateway } from './gateway.app.js';

await runProcess('gateway', async () => {
  const config = readGatewayConfig();
  const gateway = await createGateway(config);
  console.log(`[gateway] listening on ${config.PUBLIC_URL} (port ${config.PORT})`);
  const stop = async () => {
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

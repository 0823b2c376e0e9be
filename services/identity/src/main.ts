import { processLogger, runProcess, stopOnSignals } from '@hub/kit';
import { readIdentityConfig } from './config.js';
import { startIdentity } from './identity.app.js';

await runProcess('identity', async () => {
  const config = readIdentityConfig();
  const identity = await startIdentity(config);
  const { seed } = identity;
  if (seed.created && seed.generatedPassword) {
    console.log(
      `\n[identity] Super administrator created: ${seed.email}\n[identity] Generated password (shown once, store it now): ${seed.generatedPassword}\n`,
    );
  } else if (seed.created) {
    console.log(
      `[identity] Super administrator created: ${seed.email} (password from SUPER_ADMIN_PASSWORD)`,
    );
  }
  processLogger().info('ready');
  stopOnSignals('identity', async () => {
    await identity.close();
  });
});

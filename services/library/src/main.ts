import { processLogger, runProcess, stopOnSignals } from '@hub/kit';
import { readLibraryConfig } from './config.js';
import { startLibrary } from './library.app.js';

await runProcess('library', async () => {
  const library = await startLibrary(readLibraryConfig());
  processLogger().info('ready');
  stopOnSignals('library', async () => {
    await library.close();
  });
});

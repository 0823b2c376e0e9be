import { runProcess } from '@hub/kit';
import { readLibraryConfig } from './config.js';
import { startLibrary } from './library.app.js';

await runProcess('library', async () => {
  const library = await startLibrary(readLibraryConfig());
  console.log('[library] ready');
  const stop = async () => {
    await library.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

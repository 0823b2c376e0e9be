import { exitOnSignal, runProcess } from '@hub/kit';
import { readLibraryConfig } from './config.js';
import { startLibrary } from './library.app.js';

await runProcess('library', async () => {
  const library = await startLibrary(readLibraryConfig());
  console.log('[library] ready');
  exitOnSignal('library', async () => {
    await library.close();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Tooltip } from 'radix-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/queryClient';
import './i18n/i18n';
import { LanguageFollower } from './i18n/useLanguage';
import { registerServiceWorker } from './pwa/register';
import { router } from './router';
import { ThemeProvider } from './theme/ThemeProvider';
import { Toaster } from './toast/Toaster';
import './index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
registerServiceWorker();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageFollower />
      <ThemeProvider>
        {/* Spec section 9: tooltip open delay 700 ms, skip delay 300 ms. */}
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <RouterProvider router={router} />
          <Toaster />
        </Tooltip.Provider>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);

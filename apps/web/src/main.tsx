import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { installGlobalErrorHandlers } from './lib/global-errors';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
installGlobalErrorHandlers();
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);

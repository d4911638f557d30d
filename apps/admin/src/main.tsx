import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { apiOrigin } from './app/config';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App apiOrigin={apiOrigin(window.location.origin, import.meta.env.VITE_API_URL)} />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadLazyMatches } from './app/lazy-matches';
import { routes } from './app/routes';
import './app/styles/global.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Prerendered pages (scripts/prerender.mjs) are hydrated, but only when the HTML is the one for this path and
// was rendered for this URL: a host that falls back to another page's HTML for an unknown path, or a query
// (/login?next=…) the HTML could not know, gets a fresh client render instead.
const start = async () => {
  await loadLazyMatches(routes, window.location.pathname).catch((error: unknown) => console.error(error));
  if (root.dataset.prerenderedPath === window.location.pathname && window.location.search === '') {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
};
void start();

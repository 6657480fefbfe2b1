import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadLazyMatches } from './app/lazy-matches';
import { canHydrate, disablePrerenderedControls } from './app/prerendered';
import { routes } from './app/routes';
import './app/styles/global.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Prerendered pages are hydrated where they can be (canHydrate), otherwise rendered afresh.
const start = async () => {
  const hydrates = canHydrate(root, window.location);
  if (!hydrates) disablePrerenderedControls(root);
  await loadLazyMatches(routes, window.location.pathname).catch((error: unknown) => console.error(error));
  if (hydrates) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
};
void start();

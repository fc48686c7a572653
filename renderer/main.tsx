import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { ApiContext } from './hooks/api-context';
import { createMainStore } from './lib/main-store';
import './styles/index.css';

/**
 * Ask main for everything at once, before React starts, and draw the first
 * frame with the answers: the popup opens on its tasks, not on a skeleton.
 * Main answers these from memory within milliseconds; should it not, the
 * loading states show after a short wait rather than a blank window.
 */
const FIRST_PAINT_WAIT_MS = 150;

const api = window.api;
const store = createMainStore(api);
const root = document.getElementById('root');

void Promise.race([
  store.ready(['account', 'tasks', 'settings', 'connection', 'organization']),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
]).then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <ApiContext.Provider value={{ api, store }}>
        <App />
      </ApiContext.Provider>
    </StrictMode>,
  );
});

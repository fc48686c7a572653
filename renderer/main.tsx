import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { ApiContext } from './hooks/api-context';
import './styles/index.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <ApiContext.Provider value={window.api}>
        <App />
      </ApiContext.Provider>
    </StrictMode>,
  );

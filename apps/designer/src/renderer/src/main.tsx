import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setUpMonaco } from './editor/monaco-setup.js';
import { loadHostConfig } from './host.js';
import './styles.css';

const monaco = setUpMonaco();
const root = document.getElementById('root');
if (root) {
  // The login mode must be known before the first request: in authenticated mode every call carries a token.
  void loadHostConfig().then((host) =>
    createRoot(root).render(
      <StrictMode>
        <App monaco={monaco} host={host} />
      </StrictMode>,
    ),
  );
}

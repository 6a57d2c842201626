import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setUpMonaco } from './editor/monaco-setup.js';
import { resolveHostConfig } from './host.js';
import './styles.css';

const monaco = setUpMonaco();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App monaco={monaco} host={resolveHostConfig()} />
    </StrictMode>,
  );
}

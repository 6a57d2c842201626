import { createAuth } from '../../../apps/designer/src/renderer/auth/index.js';

/** A bare page around the designer's login module: what the renderer will do, without the workbench. */
const serviceBaseUrl = document.documentElement.dataset['service'] ?? '../';
const auth = createAuth({ serviceBaseUrl, authEnabled: true, host: 'web' });
const $ = (id: string) => document.getElementById(id)!;

auth.onChange((state) => {
  $('state').textContent = state.error ? `${state.status} ${state.error.code}` : state.status;
});
$('sign-in').addEventListener('click', () => void auth.login());
$('sign-out').addEventListener('click', () => void auth.logout());
$('run').addEventListener('click', async () => {
  const token = await auth.getAccessToken();
  const response = await fetch(new URL('Mapping/greeting', serviceBaseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  });
  const challenge = response.headers.get('www-authenticate') ?? '';
  $('output').textContent = `${response.status} ${await response.text()} ${challenge}`;
});
void auth.handleRedirect().then(() => ($('ready').textContent = 'ready'));

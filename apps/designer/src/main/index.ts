import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog, session, shell, safeStorage, type BrowserWindow } from 'electron';
import type { DesignerHostConfig } from '../common/host-config.js';
import type { AuthState, ConnectionRequest } from '../common/ipc/ipc-contract.js';
import { registerAppScheme, serveAppProtocol } from './app-protocol.js';
import { createConnectionManager } from './connection-manager.js';
import { buildContentSecurityPolicy } from './content-security-policy.js';
import { createDesktopAuth, type DesktopAuth } from './desktop-auth.js';
import { desktopPaths } from './desktop-paths.js';
import { isSafeExternalUrl } from './external-url.js';
import { registerIpcHandlers, sendEvent } from './ipc-handlers.js';
import { createMainWindow } from './main-window.js';
import { createRefreshTokenStore } from './refresh-token-store.js';
import { createSettingsStore } from './settings-store.js';
import { forkWithUtilityProcess } from './utility-fork.js';

const paths = desktopPaths(import.meta.dirname, app.isPackaged, process.resourcesPath, process.env);
const embedAuthEnabled = process.env['MAPX_DESIGNER_AUTH_ENABLED']?.toLowerCase() === 'true';
const connections = createConnectionManager({
  serviceEntry: paths.service,
  fork: forkWithUtilityProcess,
  env: process.env,
  embedAuthEnabled,
});
let window: BrowserWindow | undefined;
let auth: DesktopAuth | undefined;

registerAppScheme();
if (!app.requestSingleInstanceLock()) app.quit();

const openExternal = async (url: string) => {
  if (isSafeExternalUrl(url)) await shell.openExternal(url);
};
const authState = (): AuthState => auth?.state() ?? { status: 'disabled' };

function hostConfig(): DesignerHostConfig {
  const state = connections.state();
  // Until a service runs the page still loads and shows the connection status; calls fail fast on port 9.
  return {
    serviceBaseUrl: state.serviceBaseUrl ?? 'http://127.0.0.1:9/',
    authEnabled: state.authEnabled,
    host: 'electron',
  };
}

function resetAuth(): void {
  const { serviceBaseUrl, authEnabled } = connections.state();
  auth = undefined;
  if (!authEnabled || serviceBaseUrl === undefined) return;
  const store = createRefreshTokenStore(join(app.getPath('userData'), 'tokens.json'), safeStorage);
  auth = createDesktopAuth({ serviceBaseUrl, openExternal, store });
  auth.onChange((state) => sendEvent(window?.webContents, 'auth:changed', state));
  void auth.restore();
}

async function connect(request: ConnectionRequest): Promise<void> {
  await connections.apply(request);
  resetAuth();
  window?.webContents.reload();
}

async function start(): Promise<void> {
  const settings = createSettingsStore(join(app.getPath('userData'), 'settings.json'));
  const defaultFolder = join(app.getPath('documents'), 'mapx-mappings');
  await mkdir(defaultFolder, { recursive: true });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  serveAppProtocol(paths.renderer, () =>
    buildContentSecurityPolicy(origin(connections.state().serviceBaseUrl)),
  );
  connections.onChange((state) => sendEvent(window?.webContents, 'connection:changed', state));
  registerIpcHandlers(
    {
      'connection:get': async () => connections.state(),
      'connection:set': async (request) => {
        await settings.save({ connection: request });
        await connect(request);
        return connections.state();
      },
      'connection:choose-folder': async () => {
        const picked = await dialog.showOpenDialog({ properties: ['openDirectory', 'createDirectory'] });
        return picked.canceled || picked.filePaths[0] === undefined ? {} : { folder: picked.filePaths[0] };
      },
      'auth:get-state': async () => authState(),
      'auth:get-access-token': async () => {
        const token = await auth?.getAccessToken();
        return token === undefined ? {} : { token };
      },
      'auth:login': async () => (auth ? auth.login() : authState()),
      'auth:logout': async () => (auth ? auth.logout() : authState()),
    },
    hostConfig,
  );
  window = createMainWindow(paths.preload);
  const saved = (await settings.load()).connection;
  await connect(saved ?? { mode: 'embed', mappingsFolder: defaultFolder });
}

function origin(url: string | undefined): string | undefined {
  return url === undefined ? undefined : new URL(url).origin;
}

app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});
app.on('second-instance', () => window?.focus());
app.on('window-all-closed', () => app.quit());

let stopping = false;
app.on('before-quit', (event) => {
  if (stopping) return;
  stopping = true;
  event.preventDefault();
  // The embedded service gets its SIGTERM (and, if need be, SIGKILL) before the app goes away.
  void connections.stop().finally(() => app.quit());
});

void app.whenReady().then(start);

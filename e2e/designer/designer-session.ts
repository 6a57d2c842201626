import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { startService, waitWarm, type RunningService } from '../helpers/start-service.js';
import { launchChromium, openDesigner, screenshot, type DesignerPage } from './designer-page.js';

export interface DesignerSession {
  browser: Browser;
  /** The service's base URL, without a trailing slash. */
  base: string;
  service: RunningService | undefined;
  designer: DesignerPage;
}

export interface SessionOptions {
  /** The environment of the service started for the spec (a function when it is made in `beforeAll`). */
  readonly env: Record<string, string> | (() => Record<string, string>);
  /** Screenshots of failed tests are named `<prefix>-<test name>`. */
  readonly failurePrefix: string;
  /** Use the service at `MAPX_E2E_BASE_URL` when set (false when the spec needs its own folder). */
  readonly allowRunning?: boolean;
}

/**
 * Registers the hooks every designer spec needs: the service under test (the built one, started with `env`,
 * or an already running one), the designer open in Chromium, a screenshot of each failed test, and a clean
 * stop. The returned object is filled in by `beforeAll`.
 */
export function useDesignerSession(options: SessionOptions): DesignerSession {
  const session = { service: undefined } as DesignerSession;
  beforeAll(async () => {
    const running = options.allowRunning === false ? undefined : process.env['MAPX_E2E_BASE_URL'];
    if (running) {
      session.base = running.replace(/\/$/, '');
    } else {
      session.service = await startService(typeof options.env === 'function' ? options.env() : options.env);
      session.base = session.service.baseUrl;
      await waitWarm(session.base);
    }
    const page = await fetch(`${session.base}/designer/`);
    if (page.status !== 200)
      throw new Error(`GET /designer/ answered ${page.status}: is the designer built and enabled?`);
    session.browser = await launchChromium();
    session.designer = await openDesigner(session.browser, `${session.base}/designer/`);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && session.designer)
      await screenshot(session.designer.page, `${options.failurePrefix}-${task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await session.browser?.close();
    if (session.service) expect(await session.service.stop()).toBe(0);
  });
  return session;
}

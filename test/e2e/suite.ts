import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { AppCoreOptions } from '../../main/app/core';
import { createCoreHarness } from '../helpers/app-core';
import type { CoreHarness } from '../helpers/app-core';
import {
  bridgeInitScript,
  browserGate,
  e2eRequired,
  ensureRendererBuilt,
  launchBrowser,
  serveStatic,
} from '../helpers/browser';
import type { LaunchedBrowser, StaticServer } from '../helpers/browser';
import { keychainGate, removeTestService, uniqueTestService } from '../helpers/keychain';
import { createTempDir, removeTempDir } from '../helpers/temp-dir';
import { openPopup } from './popup';
import type { Popup } from './popup';

const browser = browserGate();
const keychain = await keychainGate();

/**
 * For describe.skipIf: the end-to-end suites need Chromium and the keychain.
 * Locally they skip without one; with REQUIRE_E2E=1 a missing one fails in beforeAll.
 */
export const skipE2e = browser.skip || (keychain.skip && !e2eRequired());

/**
 * What every end-to-end suite sets up the same way: the built popup served on
 * loopback, the real preload bridge, one Chromium, and a keychain service of
 * its own; and after each test, every popup checked for console or CSP
 * problems and closed, every main disposed and its folder removed.
 * Call it at the top of a describe block, before the suite's own hooks.
 */
export function useE2eSuite() {
  const service = uniqueTestService();
  let chromium: LaunchedBrowser | undefined;
  let site: StaticServer | undefined;
  let bridge = '';
  const opened: { h: CoreHarness; dir: string; popup?: Popup }[] = [];

  beforeAll(async () => {
    browser.assertAvailable();
    keychain.assertAvailable();
    site = await serveStatic(await ensureRendererBuilt());
    bridge = await bridgeInitScript();
    chromium = await launchBrowser();
  });

  afterEach(async () => {
    for (const o of opened.splice(0)) {
      if (o.popup) {
        expect(o.popup.problems).toEqual([]);
        await o.popup.close();
      }
      await o.h.core.dispose();
      await Promise.all(o.h.demos.map((d) => d.close()));
      await removeTempDir(o.dir);
    }
  });

  afterAll(async () => {
    await chromium?.close();
    await site?.close();
    await removeTestService(service);
  });

  return {
    /** The browser context the popups open in (to take the machine offline, say). */
    context: (): BrowserContext => chromium!.context,

    /** Main on a fresh user-data folder and the suite's keychain service, started. */
    async startMain(extra: Partial<AppCoreOptions> = {}): Promise<CoreHarness> {
      const dir = await createTempDir('task-tray-e2e-');
      const h = createCoreHarness(dir, service, extra);
      opened.push({ h, dir });
      await h.core.start();
      return h;
    },

    /** The popup in Chromium, talking to `h`'s main through the real bridge. */
    async openPopup(h: CoreHarness, beforeLoad?: (page: Page) => Promise<void>): Promise<Popup> {
      const popup = await openPopup(chromium!.context, site!.url, bridge, h.core, beforeLoad);
      const entry = opened.find((o) => o.h === h);
      if (entry) entry.popup = popup;
      return popup;
    },
  };
}

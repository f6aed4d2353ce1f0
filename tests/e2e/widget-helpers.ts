/**
 * Shared set-up of the widget and hero browser tests: the fake daily file served at the real
 * file's URL (route interception; a classic script, no CORS header), a stubbed microphone, a window-keys baseline, and a log of
 * console errors, page errors (incl. unhandled rejections) and requested URLs.
 */
import { expect, test, type Page } from '@playwright/test';
import { startHostPage, type HostPage, type HostPageOptions } from '../fixtures/host-page/server.ts';
import { startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { E2E_PORT } from '../../playwright.config.ts';
import { PROVIDER_PORT } from '../../fixtures/e2e-env.ts';
import { bundleFakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { DAILY_FILE, LOADER_FILE, MODULE_FILES } from '../../widget/src/ports/manifest.ts';
import { chatOnSite, waitForIsland } from './site-helpers.ts';

/** Origin of the built site (it serves the widget files under /widget/). */
export const SITE = `http://localhost:${E2E_PORT}`;
export const LOADER_URL = `${SITE}/widget/${LOADER_FILE}`;
export const CARD_URL = `${SITE}/widget/${MODULE_FILES.card}`;
export const ENGINE_URL = `${SITE}/widget/${MODULE_FILES.engine}`;
export const CHAT_URL = `${SITE}/widget/${MODULE_FILES.chat}`;
export const DAILY_URL = `${SITE}/widget/${DAILY_FILE}`;

let fakeModule: Promise<string> | null = null;

/** What a prepared page recorded. */
export interface PageLog {
  /** Console errors and page errors (uncaught exceptions, unhandled rejections). */
  errors: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
}

/**
 * Prepares a page before navigation: serves the fake daily chunk, stubs `MediaDevices.prototype.getUserMedia`
 * (`granted` → a live silent track, `denied` → NotAllowedError) and counts its calls
 * (`microphoneRequests`), stores `Object.keys(window)` as seen before any page script in
 * sessionStorage (no global added), and starts logging.
 */
export async function preparePage(page: Page, microphone: 'granted' | 'denied' = 'granted'): Promise<PageLog> {
  fakeModule ??= bundleFakeDaily();
  const body = await fakeModule;
  await page.route(DAILY_URL, (route) =>
    route.fulfill({ status: 200, body, contentType: 'text/javascript; charset=utf-8' }),
  );
  await page.addInitScript((mode) => {
    // Sandboxed frames have no storage: the counters live on the top page only.
    const store = (() => {
      try {
        return sessionStorage;
      } catch {
        return null;
      }
    })();
    store?.setItem('baseline-window-keys', JSON.stringify(Object.keys(window)));
    store?.setItem('microphone-requests', '0');
    if (typeof MediaDevices === 'undefined') return;
    // On the prototype, not on `navigator.mediaDevices`: WebKit silently drops a property assigned on that
    // instance (the page then gets the real getUserMedia), while the prototype's method is replaced in every engine.
    MediaDevices.prototype.getUserMedia = async function getUserMedia() {
      store?.setItem('microphone-requests', String(Number(store.getItem('microphone-requests')) + 1));
      if (mode === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
      return new AudioContext().createMediaStreamDestination().stream;
    };
  }, microphone);
  const log: PageLog = { errors: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => log.requests.push(request.url()));
  return log;
}

/** Names `window` gained since the baseline taken before any page script ran. */
export function addedWindowKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const before = new Set(JSON.parse(sessionStorage.getItem('baseline-window-keys') ?? '[]') as string[]);
    return Object.keys(window).filter((key) => !before.has(key));
  });
}

/** Requests for the card UI, engine, chat or daily chunks so far. */
export function chunkRequests(log: PageLog): string[] {
  return log.requests.filter((url) => /voice-widget-(card|engine|chat|daily)/.test(url));
}

/** How often the page asked for the microphone. */
export async function microphoneRequests(page: Page): Promise<number> {
  return Number(await page.evaluate(() => sessionStorage.getItem('microphone-requests')));
}

/**
 * Every visible button of the widget whose box is not 44 ± 4 px high (and at least 40 px wide):
 * touch targets, measured by the browser.
 */
export async function offSizeButtons(page: Page): Promise<string[]> {
  return page.locator('ringwise-voice-call').evaluateAll((hosts) =>
    hosts.flatMap((host) =>
      [...(host.shadowRoot?.querySelectorAll('button') ?? [])]
        .map((button) => ({ button, box: button.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (Math.abs(box.height - 44) > 4 || box.width < 40))
        .map(({ button, box }) => `${button.getAttribute('part')} ${Math.round(box.width)}×${Math.round(box.height)}`),
    ),
  );
}

/** axe violations inside the widget (all rules), as readable lines. */
export async function widgetAxe(page: Page): Promise<string[]> {
  // A card that has just appeared is still fading in (its 0.18 s entry animation): until it ends
  // axe reads blended colours (a loaded CI machine once failed the rating's Send on contrast).
  await page.locator('ringwise-voice-call').evaluateAll((hosts) =>
    Promise.all(
      hosts
        .flatMap((host) => host.shadowRoot?.getAnimations() ?? [])
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).include('ringwise-voice-call').analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** What `hostPages` gives a spec file. */
export interface HostPages {
  /** The loopback provider (reset before each test, routes set again). */
  readonly provider: LoopbackServer;
  /**
   * Prepares the page (`preparePage`), starts a third-party host page with the BUILT loader and
   * opens it. `data` is merged over the spec's defaults; a `null` value removes a default.
   */
  open(
    page: Page,
    options?: Partial<Omit<HostPageOptions, 'data'>> & {
      data?: Record<string, string | null>;
      microphone?: 'granted' | 'denied';
    },
  ): Promise<PageLog>;
}

/**
 * One provider fixture and host pages for a spec file, with the hooks that start, reset and close
 * them. `routes` programs the provider before each test; `data(providerUrl)` are the script tag's
 * default `data-*` attributes.
 */
export function hostPages(setup: {
  routes?: (provider: LoopbackServer) => void;
  data: (providerUrl: string) => Record<string, string>;
  options?: Partial<Omit<HostPageOptions, 'data'>>;
}): HostPages {
  let provider: LoopbackServer | null = null;
  let host: HostPage | null = null;
  test.beforeAll(async () => {
    provider = await startLoopbackServer();
  });
  test.afterAll(async () => {
    await provider?.close();
  });
  test.beforeEach(() => {
    provider!.reset();
    setup.routes?.(provider!);
  });
  test.afterEach(async () => {
    await host?.close();
    host = null;
  });
  return {
    get provider() {
      return provider!;
    },
    async open(page, { data = {}, microphone, ...options } = {}) {
      const log = await preparePage(page, microphone);
      const merged: Record<string, string> = { ...setup.data(provider!.url) };
      for (const [name, value] of Object.entries(data)) {
        if (value === null) delete merged[name];
        else merged[name] = value;
      }
      await host?.close();
      host = await startHostPage({
        loaderUrl: LOADER_URL,
        data: merged,
        connect: [provider!.url],
        ...setup.options,
        ...options,
      });
      await page.goto(host.url);
      return log;
    },
  };
}

/**
 * The loopback provider on the fixed port the built site calls (its PUBLIC_VOICE_API_BASE_URL),
 * started and closed around a spec file, whose tests must then run one after another. With
 * `routes`, it is reset and programmed by them before each test.
 */
export function siteProvider(routes?: (server: LoopbackServer) => void): { readonly server: LoopbackServer } {
  let server: LoopbackServer | null = null;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({}, testInfo) => {
    // The built site calls one provider port (PROVIDER_PORT, fixed at build time), so the spec files that
    // play its provider take turns when the two workers reach two of them at once: wait for the port.
    testInfo.setTimeout(600_000);
    for (;;) {
      try {
        server = await startLoopbackServer({ port: PROVIDER_PORT });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
  test.afterAll(async () => {
    await server?.close();
  });
  if (routes)
    test.beforeEach(() => {
      server!.reset();
      routes(server!);
    });
  return {
    get server() {
      return server!;
    },
  };
}

/**
 * A provider for the screenshot specs, whose scripted engines play the call: it only answers the
 * loader's early `POST /call/web` with a stand-in room, which nothing joins.
 */
export async function shotProvider(): Promise<LoopbackServer> {
  const provider = await startLoopbackServer();
  provider.route('POST', '/call/web', { status: 201, body: { id: 'shot', webCallUrl: 'https://fake.daily.co/shot' } });
  return provider;
}

/**
 * A spec's `hostPages` data: the script tag's key and assistant, the provider's URL as its API
 * base, and the spec's own attributes (`more`).
 */
export function dataFor(
  key: string,
  assistant: string,
  more: Record<string, string> = {},
): (providerUrl: string) => Record<string, string> {
  return (providerUrl) => ({ 'public-key': key, 'assistant-id': assistant, 'api-base-url': providerUrl, ...more });
}

/**
 * An Arabic owner: registers `labels` as the widget's 'ar' language, names the assistant in Arabic
 * (its first letters decide `dir=auto`) and sets `locale="ar"` on the page's one widget.
 */
export async function useArabic(page: Page, labels: Record<string, string>): Promise<void> {
  await page.evaluate(
    (labels) =>
      (
        window as unknown as { RingwiseVoice: { registerLocale(locale: string, labels: object): void } }
      ).RingwiseVoice.registerLocale('ar', labels),
    labels,
  );
  await page.locator('ringwise-voice-call').evaluate((el) => {
    el.setAttribute('title', 'مساعد أكمي');
    el.setAttribute('locale', 'ar');
  });
}

/**
 * The landing page at `size`, prepared (`preparePage`), the contact form's island hydrated, and the
 * site's widget in a chat whose answer (from the site provider) contains `answer`.
 */
export async function chattedOnLanding(
  page: Page,
  size: { width: number; height: number },
  answer: string,
): Promise<PageLog> {
  const log = await preparePage(page);
  await page.setViewportSize(size);
  await page.goto('/');
  await waitForIsland(page, 'ContactModal');
  await chatOnSite(page, 'What does it cost?');
  await expect(page.locator('#ringwise-site-widget [part=turn]').nth(1), 'the reply').toContainText(answer);
  return log;
}

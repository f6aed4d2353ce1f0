/**
 * Shared set-up of the widget and hero browser tests: the fake daily chunk served at the real
 * chunk's URL (route interception), a stubbed microphone, a window-keys baseline, and a log of
 * console errors, page errors (incl. unhandled rejections) and requested URLs.
 */
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { bundleFakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';

/** Origin of the built site (it serves the widget files under /widget/). */
export const SITE = `http://localhost:${E2E_PORT}`;
export const LOADER_URL = `${SITE}/widget/voice-widget.js`;
export const ENGINE_URL = `${SITE}/widget/voice-widget-engine.js`;
export const DAILY_URL = `${SITE}/widget/voice-widget-daily.js`;

let fakeModule: Promise<string> | null = null;

/** What a prepared page recorded. */
export interface PageLog {
  /** Console errors and page errors (uncaught exceptions, unhandled rejections). */
  errors: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
}

/**
 * Prepares a page before navigation: serves the fake daily chunk, stubs `getUserMedia`
 * (`granted` → a live silent track, `denied` → NotAllowedError), stores `Object.keys(window)` as
 * seen before any page script in sessionStorage (no global added), and starts logging.
 */
export async function preparePage(page: Page, microphone: 'granted' | 'denied' = 'granted'): Promise<PageLog> {
  fakeModule ??= bundleFakeDaily();
  const body = await fakeModule;
  await page.route(DAILY_URL, (route) =>
    route.fulfill({ status: 200, body, contentType: 'text/javascript; charset=utf-8', headers: { 'access-control-allow-origin': '*' } }),
  );
  await page.addInitScript((mode) => {
    sessionStorage.setItem('baseline-window-keys', JSON.stringify(Object.keys(window)));
    const devices = navigator.mediaDevices;
    devices.getUserMedia =
      mode === 'denied'
        ? () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : async () => new AudioContext().createMediaStreamDestination().stream;
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

/** Requests for the engine or daily chunks so far. */
export function chunkRequests(log: PageLog): string[] {
  return log.requests.filter((url) => url.includes('voice-widget-engine') || url.includes('voice-widget-daily'));
}

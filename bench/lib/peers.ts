/**
 * The Vapi peers the click benches measure beside ours: their host pages, files and launchers,
 * set up once for the click bench (bench/latency.ts) and the click → ready bench (bench/click-join.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { bundleSource } from './bundle.ts';
import { hostPage, PEER_FILES, VAPI_WEB_BUTTON, VAPI_WEB_ENTRY, vapiWebEmbed, vapiWidgetEmbed } from './host-pages.ts';
import { ROOT } from './paths.ts';

/** One subject of a click bench: its host page and how to find its launcher there. */
export interface SubjectRunner<Id extends string> {
  id: Id;
  path: string;
  launcher(page: Page): Locator;
}

/**
 * Opens the subject's page on `hostUrl` in `page` (until its load event) and waits up to `limitMs`
 * for its launcher to show; returns the launcher.
 */
export async function openSubject(
  page: Page,
  hostUrl: string,
  runner: Pick<SubjectRunner<string>, 'path' | 'launcher'>,
  limitMs: number,
): Promise<Locator> {
  await page.goto(hostUrl + runner.path, { waitUntil: 'load' });
  const launcher = runner.launcher(page);
  await launcher.waitFor({ state: 'visible', timeout: limitMs });
  return launcher;
}

/** Vapi's floating button: a clickable div without a role, inside its fixed wrapper. */
export const vapiWidgetLauncher = (page: Page): Locator =>
  page.locator('vapi-widget .vapi-widget-wrapper > div > div[style*="cursor: pointer"]');

/** Builds the minimal @vapi-ai/web page's script; a string with the reason when it cannot be bundled. */
export async function vapiWebBundle(): Promise<Uint8Array | string> {
  try {
    return await bundleSource(VAPI_WEB_ENTRY);
  } catch (error) {
    return `not bundled: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** What a bench serves: its runners, their host pages, the files the pages load, and why a subject is missing. */
export interface SubjectSet<R> {
  runners: R[];
  pages: Record<string, string>;
  files: Record<string, Uint8Array>;
  notes: Partial<Record<'vapi-widget' | 'vapi-web', string>>;
}

/**
 * Adds the two Vapi peers to `set`: the @vapi-ai/client-sdk-react embed, and the minimal
 * @vapi-ai/web page calling `apiOrigin`. A peer that cannot be served gets a note instead.
 * `runner` completes each runner with what the bench adds (e.g. `prefetch`).
 */
export async function addVapiPeers<R>(
  set: SubjectSet<R>,
  apiOrigin: string,
  runner: (base: SubjectRunner<'vapi-widget' | 'vapi-web'>) => R,
): Promise<void> {
  const umd = join(ROOT, 'node_modules/@vapi-ai/client-sdk-react/dist/embed/widget.umd.js');
  if (existsSync(umd)) {
    set.files[PEER_FILES.vapiWidget] = readFileSync(umd);
    set.pages['/vapi-widget'] = hostPage(vapiWidgetEmbed('voice'));
    set.runners.push(runner({ id: 'vapi-widget', path: '/vapi-widget', launcher: vapiWidgetLauncher }));
  } else set.notes['vapi-widget'] = 'not installed (@vapi-ai/client-sdk-react): run npm install';
  const web = await vapiWebBundle();
  if (typeof web === 'string') set.notes['vapi-web'] = web;
  else {
    set.files[PEER_FILES.vapiWeb] = web;
    set.pages['/vapi-web'] = hostPage(vapiWebEmbed(apiOrigin));
    const launcher = (page: Page) => page.getByRole('button', { name: VAPI_WEB_BUTTON });
    set.runners.push(runner({ id: 'vapi-web', path: '/vapi-web', launcher }));
  }
}

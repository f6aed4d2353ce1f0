/**
 * Measurements on the built site, run by hand (not part of `npm run test:e2e`: they report
 * figures and assert no timing): `*.measure.ts` here, with the browser tests' settings and server.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.measure.ts',
  workers: 1,
  timeout: 180_000,
  webServer: { ...base.webServer, cwd: root } as typeof base.webServer,
});

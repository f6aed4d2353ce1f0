/** The navigation measurement (navigation.spec.ts) with the browser tests' settings and server. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

export default defineConfig({ ...base, testDir: '.', workers: 1, timeout: 180_000, webServer: { ...base.webServer, cwd: root } as typeof base.webServer });

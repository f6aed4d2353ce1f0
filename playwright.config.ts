import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './scripts/browser.ts';
import { E2E_DATA_DIR, E2E_PORT } from './fixtures/e2e-env.ts';

export { E2E_PORT };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: findBrowser() ?? undefined,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node server/index.ts',
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: false,
    // A fresh data folder needs initdb and PostgreSQL's start first: generous on a loaded machine.
    timeout: 180_000,
    // The browser tests send many contact requests from one address: lift the per-client limit
    // (tests/unit/server covers it).
    env: {
      PORT: String(E2E_PORT),
      HOST: 'localhost',
      DATA_DIR: E2E_DATA_DIR,
      RESET_DATA: '1',
      CONTACT_RATE_LIMIT: '1000/60',
    },
  },
});

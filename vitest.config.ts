import { defineConfig } from 'vitest/config';
import { widgetSourceAlias } from './site/integrations/widget-source.ts';

export default defineConfig({
  resolve: { alias: widgetSourceAlias },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/db/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});

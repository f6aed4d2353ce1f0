import { defineConfig } from 'vitest/config';
import { widgetSourceAlias } from './site/integrations/widget-source.ts';

export default defineConfig({
  resolve: { alias: widgetSourceAlias },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/db/**/*.test.ts'],
    environment: 'node',
    // The widget imports its stylesheets as text (`./x.css?raw`). With CSS processing off (the
    // default) Vitest blanks those imports to "" (vitest-dev/vitest#10788), so it is on for them.
    css: { include: [/\.css\?raw$/] },
    testTimeout: 30_000,
  },
});

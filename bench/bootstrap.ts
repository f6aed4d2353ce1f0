/**
 * `npm run bench` starts here. The bench reads the widget's facts (its default API origin, the chat
 * route) from the package entry `@ringwise/voice-widget/api`, as any consumer would, and that entry
 * resolves to widget/dist/: on a checkout where the widget is not built yet, this builds it first
 * (once, untimed; the timed build of run.ts follows as usual), then loads the bench (run.ts, which
 * documents the options). A failed build is one sentence and exit status 1, not a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { E2E_ENV } from '../fixtures/e2e-env.ts';
import { ROOT } from './lib/paths.ts';
import { progress } from './lib/progress.ts';
import { WIDGET_API_ENTRY, widgetEntryBuilt } from './lib/widget-entry.ts';

const built = () => widgetEntryBuilt(import.meta.resolve);

if (!built()) {
  progress(`the widget is not built (${WIDGET_API_ENTRY} has no file in widget/dist/): building it first …`);
  const result = spawnSync('npm', ['run', 'build', '-w', 'widget', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...E2E_ENV },
  });
  if (result.status !== 0 || !built()) {
    console.error(
      `The widget build failed (exit ${result.status ?? result.signal}): the bench needs ${WIDGET_API_ENTRY}; run \`npm run build -w widget\` to see why.`,
    );
    process.exit(1);
  }
}
await import('./run.ts');

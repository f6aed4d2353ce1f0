/**
 * The package entry the bench reads the widget's facts from (its default API origin, the chat
 * route), as any consumer would: `@ringwise/voice-widget/api`, which resolves to widget/dist/.
 * bench/bootstrap.ts builds the widget first when that file is missing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package entry the bench imports the widget's facts from. */
export const WIDGET_API_ENTRY = '@ringwise/voice-widget/api';

/**
 * True when the package entry resolves to a file, i.e. the widget is built. `resolve` is
 * `import.meta.resolve` of the caller (the resolution depends on where it starts from).
 */
export function widgetEntryBuilt(resolve: (specifier: string) => string): boolean {
  try {
    return existsSync(fileURLToPath(resolve(WIDGET_API_ENTRY)));
  } catch {
    // Not resolvable at all (no dist/ file behind the export, or no package link).
    return false;
  }
}

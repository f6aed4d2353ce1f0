/**
 * The bench's check that the widget's package entry is built (bench/lib/widget-entry.ts), which
 * bench/bootstrap.ts uses to build the widget before loading a bench that imports it.
 */
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WIDGET_API_ENTRY, widgetEntryBuilt } from '../../../bench/lib/widget-entry.ts';

describe('widgetEntryBuilt', () => {
  it('is true when the entry resolves to a file, false when the file is missing or nothing resolves', () => {
    const asked: string[] = [];
    const to = (url: string) => (specifier: string) => (asked.push(specifier), url);
    expect(widgetEntryBuilt(to(import.meta.url)), 'an existing file').toBe(true);
    expect(widgetEntryBuilt(to(pathToFileURL('/nonexistent/widget/dist/api.js').href)), 'a missing file').toBe(false);
    expect(
      widgetEntryBuilt(() => {
        throw new Error('Cannot find module');
      }),
      'not resolvable',
    ).toBe(false);
    expect(new Set(asked), 'asks for the api entry').toEqual(new Set([WIDGET_API_ENTRY]));
  });
});

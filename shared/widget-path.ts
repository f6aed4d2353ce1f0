/**
 * Where the site serves the widget's script-tag files (`widget/dist/cdn/*`): the loader, the card,
 * the engines. Browser-safe, for islands and pages; `integrations/widget-files.ts` serves them here.
 */

/** URL path the widget files are served under (trailing slash). */
export const WIDGET_FILES_PATH = '/widget/';

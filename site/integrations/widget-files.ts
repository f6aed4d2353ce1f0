/**
 * Serves the widget's script-tag build from the site: copies `widget/dist/cdn/*` (the loader
 * `voice-widget.js`, the engine and daily chunks, their source maps) into `dist/widget/` after the
 * build, and serves the same files under `/widget/` in `astro dev`. The hero island loads the
 * engine from there too, so visitors get one cached copy. `npm run build` builds the widget
 * first; a missing widget build fails the site build with a sentence saying so.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { CONTENT_TYPES } from '../../shared/content-types.ts';
import { WIDGET_FILES_PATH } from '../../shared/widget-path.ts';

export { WIDGET_FILES_PATH };

/** The widget's script-tag build has scripts and their source maps only. */
const SERVED_EXTENSIONS = new Set(['.js', '.map']);

/** The integration. */
export default function widgetFiles(): AstroIntegration {
  let cdnDir = '';
  return {
    name: 'ringwise-widget-files',
    hooks: {
      'astro:config:setup': ({ config }) => {
        cdnDir = join(fileURLToPath(config.root), 'widget', 'dist', 'cdn');
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const path = (req.url ?? '').split('?')[0] ?? '';
          if (!path.startsWith(WIDGET_FILES_PATH)) return next();
          const file = join(cdnDir, basename(path));
          const extension = file.slice(file.lastIndexOf('.'));
          const type = SERVED_EXTENSIONS.has(extension) ? CONTENT_TYPES[extension] : undefined;
          if (!type || !existsSync(file) || !statSync(file).isFile()) return next();
          res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
          createReadStream(file).pipe(res);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!existsSync(join(cdnDir, 'voice-widget.js'))) {
          throw new Error(
            'The widget build is missing (widget/dist/cdn): run `npm run build -w widget` first, or `npm run build`.',
          );
        }
        await cp(cdnDir, join(fileURLToPath(dir), 'widget'), { recursive: true });
        logger.info(`copied the widget's script-tag files to ${WIDGET_FILES_PATH}`);
      },
    },
  };
}

/**
 * What every part of the widget's build shares (widget/build.ts and its parts in this folder): the
 * package folder, the esbuild options, the stylesheet-as-text plugin, the sources outside the
 * library. Erasable TypeScript only (Node type stripping).
 */
import { transform, type BuildOptions, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The widget package folder. */
export const WIDGET_DIR = fileURLToPath(new URL('..', import.meta.url));

const pkg = JSON.parse(readFileSync(join(WIDGET_DIR, 'package.json'), 'utf8')) as { version: string };

/** `import css from './x.css?raw'`: the stylesheet, minified, as a string. */
export const cssAsText: Plugin = {
  name: 'css-as-text',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\.css\?raw$/ }, (args) => ({
      path: join(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'css-text',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'css-text' }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), {
        loader: 'css',
        minify: true,
        target: 'chrome111',
      });
      return { contents: `export default ${JSON.stringify(code.trim())};`, loader: 'js', watchFiles: [args.path] };
    });
  },
};

/** What every esbuild run of the widget shares: bundled, minified, with source maps and a metafile. */
export const common: BuildOptions = {
  absWorkingDir: WIDGET_DIR,
  bundle: true,
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  platform: 'browser',
  logLevel: 'warning',
  metafile: true,
  define: { __RINGWISE_VERSION__: JSON.stringify(pkg.version) },
  plugins: [cssAsText],
};

/** Sources that are not part of the library (the script-tag loader is a browser-only IIFE). */
export const NOT_LIBRARY = new Set(['embed.ts']);

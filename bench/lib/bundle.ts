/**
 * Minimal esbuild bundles for size measurement: one entry given as source text, bundled for the
 * browser, minified, production mode, ESM, no source maps — the way an app bundler would ship it.
 */
import * as esbuild from 'esbuild';
import { ROOT } from './paths.ts';

/** Options of `bundleSource`. */
export interface BundleOptions {
  /** Packages left out of the bundle (e.g. `['@daily-co/daily-js']`). */
  external?: string[];
  /** Resolve imports from this folder. @default the repository root */
  resolveDir?: string;
}

/** Bundles `source` (an ES module) minified for browsers; returns the output JavaScript. */
export async function bundleSource(source: string, options: BundleOptions = {}): Promise<Uint8Array> {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: options.resolveDir ?? ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: options.external ?? [],
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('esbuild produced no output');
  return out.contents;
}

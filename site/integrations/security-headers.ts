/**
 * Writes `dist/security-headers.json` after the build: the headers `npm start` sends with every
 * response, with a Content-Security-Policy that allows exactly the inline scripts this build
 * contains (their SHA-256 hashes) and the origins its configuration names (shared/security-headers.ts).
 * The configuration is read through the one reader the build and the server share
 * (shared/config.ts: `.env`, then the environment), so the policy matches what the pages were built with.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './html-files.ts';
import { loadEnv } from '../../shared/config.ts';
import {
  BASE_SECURITY_HEADERS,
  inlineScripts,
  SECURITY_HEADERS_FILE,
  siteContentSecurityPolicy,
  type SecurityManifest,
} from '../../shared/security-headers.ts';
import { HEADERS_FILE, headersFile, NGINX_SNIPPET_FILE, nginxSnippet } from '../../shared/static-host-headers.ts';

/** The CSP source for a script's exact text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The integration. Runs last, after every other one has rewritten the pages. */
export default function securityHeaders(): AstroIntegration {
  let root = '';
  let site = '';
  let base = '/';
  return {
    name: 'ringwise-security-headers',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:config:done': ({ config }) => {
        site = config.site ? new URL(config.site).origin : '';
        base = config.base.replace(/\/+$/, '') || '/';
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of await htmlFiles(out)) {
          for (const script of inlineScripts(await readFile(file, 'utf8'))) hashes.add(scriptHash(script));
        }
        // Loaded here, not at the top: content/site.ts imports the widget package, which the
        // config loader (astro dev, astro check) must not need.
        const { readSiteConfig } = await import('../../content/site.ts');
        const config = readSiteConfig(loadEnv(root));
        const manifest: SecurityManifest = {
          siteOrigin: site,
          headers: {
            ...BASE_SECURITY_HEADERS,
            'Content-Security-Policy': siteContentSecurityPolicy({
              scriptHashes: [...hashes].sort(),
              voiceApiBaseUrl: config.voice.apiBaseUrl,
              supabaseUrl: config.supabase.url,
            }),
          },
        };
        await writeFile(join(out, SECURITY_HEADERS_FILE), JSON.stringify(manifest, null, 2) + '\n');
        // The same headers for static hosts and nginx (shared/static-host-headers.ts).
        await writeFile(join(out, HEADERS_FILE), headersFile(manifest, base));
        await writeFile(join(out, NGINX_SNIPPET_FILE), nginxSnippet(manifest));
        logger.info(
          `wrote ${SECURITY_HEADERS_FILE}, ${HEADERS_FILE} and ${NGINX_SNIPPET_FILE} (${hashes.size} inline script hash(es))`,
        );
      },
    },
  };
}

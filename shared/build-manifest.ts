/**
 * What a build was made for, written by the build into `dist/` and read by the server at start:
 * the server serves what was built, so it takes the site's origin, its base path and the contact
 * backend from here rather than from its own environment (which may differ from the build's).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Name of the file in `dist/`. */
export const BUILD_MANIFEST_FILE = 'build-manifest.json';

/** The contents of {@link BUILD_MANIFEST_FILE}. */
export interface BuildManifest {
  /** PUBLIC_SITE_URL at build time, as an origin (`https://www.example.com`). */
  siteOrigin: string;
  /** BASE_PATH at build time: `/` or `/segment…` without a trailing slash. */
  basePath: string;
  /** Where the built pages send contact requests: the embedded backend of `npm start`, or a Supabase project. */
  contactBackend: { kind: 'embedded' } | { kind: 'supabase'; url: string };
}

/** The manifest for a build's configuration. */
export function buildManifest(input: { siteOrigin: string; basePath: string; supabaseUrl: string }): BuildManifest {
  return {
    siteOrigin: input.siteOrigin,
    basePath: input.basePath,
    contactBackend: input.supabaseUrl ? { kind: 'supabase', url: input.supabaseUrl } : { kind: 'embedded' },
  };
}

/** Reads the manifest of the build in `distDir`; throws one sentence when it is missing or malformed. */
export async function readBuildManifest(distDir: string): Promise<BuildManifest> {
  const file = join(distDir, BUILD_MANIFEST_FILE);
  let parsed: Partial<BuildManifest>;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<BuildManifest>;
  } catch {
    throw new Error(
      `${file} is missing or unreadable: rebuild the site with \`npm run build\` (it records what the build was made for).`,
    );
  }
  const kind = parsed.contactBackend?.kind;
  if (
    typeof parsed.siteOrigin !== 'string' ||
    typeof parsed.basePath !== 'string' ||
    (kind !== 'embedded' && kind !== 'supabase')
  ) {
    throw new Error(`${file} is not a build manifest of this version: rebuild the site with \`npm run build\`.`);
  }
  return parsed as BuildManifest;
}

/**
 * Writes the declarations of `@ringwise/voice-widget/vapi/dist/api` (src/vapi/platform-api.ts): the DTO section of
 * `@vapi-ai/web`'s generated `dist/api.d.ts`, everything before its HTTP client (`QueryParamsType`, `HttpClient`,
 * `Api`), which names `fetch` types and is not part of the drop-in. Run by build.ts after the declarations are
 * emitted; throws when the reference's file no longer has the shape this cut expects (an upgrade must be looked at).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Where the HTTP client starts in the reference's `api.d.ts`: the DTOs are everything before it. */
const CLIENT_START = '\nexport type QueryParamsType = ';

/** The DTO declarations of the installed `@vapi-ai/web`, with a header saying where they come from. */
export function platformDtos(): string {
  const require = createRequire(import.meta.url);
  const pkg = require('@vapi-ai/web/package.json') as { version: string };
  const source = readFileSync(require.resolve('@vapi-ai/web/dist/api.d.ts'), 'utf8');
  const cut = source.indexOf(CLIENT_START);
  if (cut < 0)
    throw new Error(
      '@vapi-ai/web/dist/api.d.ts has no "export type QueryParamsType": look at the new file and move the cut.',
    );
  const dtos = source.slice(0, cut + 1);
  for (const name of [
    'CreateAssistantDTO',
    'AssistantOverrides',
    'CreateSquadDTO',
    'CreateWorkflowDTO',
    'WorkflowOverrides',
    'Call',
  ]) {
    if (!new RegExp(`^export (interface|type) ${name}\\b`, 'm').test(dtos))
      throw new Error(`The DTO section of @vapi-ai/web's api.d.ts lacks ${name}.`);
  }
  return `/** The platform's DTOs as @vapi-ai/web ${pkg.version} declares them (its dist/api.d.ts without the HTTP client). */\n${dtos}`;
}

/** Replaces the emitted `vapi/platform-api.d.ts` in `typesDir` (it re-exports `@vapi-ai/web`) with the DTOs. */
export function writePlatformDtos(typesDir: string): void {
  writeFileSync(join(typesDir, 'vapi', 'platform-api.d.ts'), platformDtos());
}

/**
 * Type-level promises of the client, checked with the TypeScript compiler API on a probe file:
 * path parameters are positional and counted, multipart bodies are required, the web call is typed
 * from the spec, unknown responses are `unknown` (not `any`), and the deprecated upload route is
 * reported as deprecated to editors.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WIDGET_DIR = fileURLToPath(new URL('../../../../widget/', import.meta.url));
const PROBE = `${WIDGET_DIR}src/api/__type-probe__.ts`;

/** Each line marked `// ERR` must fail to compile; every other line must compile. */
const PROBE_SOURCE = `
import { createApiClient, type ApiClient } from './index.ts';
import type { WebCall } from '../core/types.ts';
export async function probe(api: ApiClient): Promise<void> {
  const web: WebCall = await api.call.createWeb({ assistantId: 'a', assistantOverrides: { firstMessage: 'hi' } });
  const typed: { id: string } = await api.assistant.get<{ id: string }>('a');
  const open: unknown = await api.assistant.update('a', { name: 'x', anything: [1, { deep: true }] });
  await api.testSuite.run.get('suite', 'run', { limit: 1 }, { timeoutMs: 5 });
  await api.call.list({ limit: 10, createdAtGt: new Date(), ids: ['a', 'b'], cursor: undefined });
  await api.file.create(new Blob(['x']));
  await api.provider.cloneVoice({ name: 'n', files: [new Blob(['a'])] });
  await api.credential.webhook({ event: 'x' });
  await api.file.upload(new Blob(['legacy']));
  const n: number = await api.assistant.get('a'); // ERR unknown response is not any
  await api.testSuite.test.get('only-suite'); // ERR missing testId
  await api.file.create(); // ERR multipart body required
  await api.call.list({ nested: { a: 1 } }); // ERR query values are scalars
  await api.call.createWeb({ assistantId: 42 }); // ERR typed web call body
  await api.assistant.nope(); // ERR no such method
  createApiClient({ baseUrl: 'x' }); // ERR token required
  const raw: number = await api.request('GET', '/x'); // ERR raw request resolves to unknown
  const rawTyped: number = await api.request<number>('GET', '/x');
  void [web, typed, open, n, raw, rawTyped];
}
`;

function languageService(): ts.LanguageService {
  const configPath = `${WIDGET_DIR}tsconfig.json`;
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, (p) => readFileSync(p, 'utf8')).config,
    ts.sys,
    WIDGET_DIR,
  );
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [PROBE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = name === PROBE ? PROBE_SOURCE : ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => WIDGET_DIR,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => name === PROBE || ts.sys.fileExists(name),
    readFile: (name) => (name === PROBE ? PROBE_SOURCE : ts.sys.readFile(name)),
  };
  return ts.createLanguageService(host);
}

function lineOf(diagnostic: ts.Diagnostic): number {
  return diagnostic.file && diagnostic.start !== undefined
    ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
    : -1;
}

describe('client types', () => {
  const service = languageService();
  const lines = PROBE_SOURCE.split('\n');

  it('accepts the valid calls and rejects each marked misuse', () => {
    const diagnostics = service.getSemanticDiagnostics(PROBE);
    const errorLines = new Set(diagnostics.map(lineOf));
    const describe = (d: ts.Diagnostic) => `${lineOf(d)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    lines.forEach((line, index) => {
      if (line.includes('// ERR')) {
        expect(errorLines.has(index), `expected a type error on: ${line.trim()}`).toBe(true);
      } else {
        const here = diagnostics.filter((d) => lineOf(d) === index).map(describe);
        expect(here, `unexpected type error on: ${line.trim()}`).toEqual([]);
      }
    });
  });

  it('marks file.upload (POST /file/upload) as deprecated, and nothing else', () => {
    const deprecated = service
      .getSuggestionDiagnostics(PROBE)
      .filter((d) => d.reportsDeprecated)
      .map((d) => lines[lineOf(d)]?.trim());
    expect(deprecated, 'deprecation reported only for the legacy upload').toEqual([
      "await api.file.upload(new Blob(['legacy']));",
    ]);
  });
});

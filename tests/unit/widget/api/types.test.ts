/**
 * Type-level promises of the client, checked with the TypeScript compiler API on a probe file:
 * path parameters are positional and counted, multipart bodies are required, the web call and the
 * bulk delete are typed, required queries are required, object-valued queries are accepted but
 * arrays of objects are not, unknown responses are `unknown` (not `any`), and every deprecated
 * route is reported as deprecated to editors: from the sources, and from the declarations the
 * package ships (emitted here in memory, as `widget/build.ts` emits them).
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WIDGET_DIR = fileURLToPath(new URL('../../../../widget/', import.meta.url));
const PROBE = `${WIDGET_DIR}src/api/__type-probe__.ts`;

/**
 * Every deprecated method, written out (not read from the sources): the seven the platform
 * deprecates, and the ten it has removed that we keep for older deployments.
 */
const DEPRECATED_METHODS = [
  'call.createPhone',
  'assistant.versions',
  'phoneNumber.importTwilio',
  'phoneNumber.importVonage',
  'file.upload',
  'provider.searchVoices',
  'provider.addVoices',
  'campaign.listPaginated',
  'support.createTicket',
  'credential.createSession',
  'credential.webhook',
  'credential.trigger',
  'workflow.generate',
  'log.list',
  'log.delete',
  'log.listLogs',
  'log.deleteLogs',
];

/** Methods that must NOT be reported deprecated (their replacements, and neighbours). */
const LIVE_METHODS = [
  'call.create',
  'assistant.version.list',
  'phoneNumber.create',
  'file.create',
  'provider.searchVoice',
  'provider.addVoice',
  'campaign.listV2',
  'credential.create',
  'workflow.create',
  'call.logs',
];

/** A probe that references each method (no call: only the reference matters to the checker). */
const deprecationProbe = (importFrom: string): string =>
  [
    `import type { ApiClient } from '${importFrom}';`,
    'export function probe(api: ApiClient): unknown[] {',
    '  return [',
    ...[...DEPRECATED_METHODS, ...LIVE_METHODS].map((name) => `    api.${name},`),
    '  ];',
    '}',
    '',
  ].join('\n');

/** The dotted method names on the probe's lines that the checker reports as deprecated. */
function reportedDeprecated(service: ts.LanguageService, file: string, source: string): string[] {
  const lines = source.split('\n');
  return service
    .getSuggestionDiagnostics(file)
    .filter((d) => d.reportsDeprecated)
    .map((d) => /api\.([\w.]+),/.exec(lines[lineOf(d)] ?? '')?.[1] ?? `line ${lineOf(d)}`);
}

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
  const n: number = await api.assistant.get('a'); // ERR unknown response is not any
  await api.testSuite.test.get('only-suite'); // ERR missing testId
  await api.file.create(); // ERR multipart body required
  await api.call.listV2({ customer: { number: '+1555' }, structuredOutputs: { so1: { eq: 'x' } }, idAny: ['a'] });
  await api.call.delete('c', { ids: ['c1', 'c2'] });
  await api.call.delete('c');
  await api.file.list({ purpose: 'knowledge-base', limit: 5 });
  const flag: boolean = await api.org.featureFlag({ key: 'k', orgId: 'o' });
  await api.voiceLibrary.createSesameVoice({ voiceName: 'v', transcription: 't', file: new Blob(['a']) });
  await api.provider.cloneVapiVoice({ name: 'n', files: [new Blob(['a'])] });
  await api.assistant.version.restore('a', 'v3');
  await api.provider.resource.get('11labs', 'pronunciation-dictionary', 'id');
  await api.call.list({ list: [{ a: 1 }] }); // ERR arrays hold scalars only
  await api.call.list({ fn: () => 1 }); // ERR query values are data
  await api.call.delete('c', { ids: [1] }); // ERR ids are strings
  await api.file.list(); // ERR purpose is required
  await api.log.list({ limit: 1 }); // ERR callId is required (older deployments)
  await api.provider.searchVoice('11labs', { limit: 1 }); // ERR name is required
  await api.voiceLibrary.createSesameVoice(); // ERR multipart body required
  await api.assistant.version.get('only-assistant'); // ERR missing version
  await api.provider.resource.get('11labs', 'pronunciation-dictionary'); // ERR missing id
  await api.call.createWeb({ assistantId: 42 }); // ERR typed web call body
  await api.assistant.nope(); // ERR no such method
  createApiClient({ baseUrl: 'x' }); // ERR token required
  const raw: number = await api.request('GET', '/x'); // ERR raw request resolves to unknown
  const rawTyped: number = await api.request<number>('GET', '/x');
  void [web, typed, open, n, raw, rawTyped, flag];
}
`;

/**
 * A language service with the widget's compiler options over `virtual` files (path → text) and,
 * unless `isolated`, the real files on disk.
 */
function languageService(
  virtual: Map<string, string> = new Map([[PROBE, PROBE_SOURCE]]),
  roots: string[] = [...virtual.keys()].filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts')),
  { isolated = false } = {},
): ts.LanguageService {
  const configPath = `${WIDGET_DIR}tsconfig.json`;
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, (p) => readFileSync(p, 'utf8')).config,
    ts.sys,
    WIDGET_DIR,
  );
  // Under `isolated`, only the TypeScript lib files come from disk.
  const libDir = ts.getDefaultLibFilePath(config.options).replace(/[^/\\]+$/, '');
  const onDisk = (name: string) => !isolated || name.startsWith(libDir);
  const read = (name: string) => virtual.get(name) ?? (onDisk(name) ? ts.sys.readFile(name) : undefined);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => roots,
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = read(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => WIDGET_DIR,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => virtual.has(name) || (onDisk(name) && ts.sys.fileExists(name)),
    readFile: read,
    directoryExists: (name) =>
      !isolated || [...virtual.keys()].some((file) => file.startsWith(name)) || name.startsWith(libDir),
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

  it('reports every deprecated method as deprecated to editors, and their replacements as live', () => {
    const probe = deprecationProbe('./index.ts');
    const deprecations = languageService(new Map([[PROBE, probe]]));
    expect(
      deprecations.getSemanticDiagnostics(PROBE).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
      'probe compiles',
    ).toEqual([]);
    expect(reportedDeprecated(deprecations, PROBE, probe), 'deprecated methods').toEqual(DEPRECATED_METHODS);
  });
});

describe('the declarations the package ships', () => {
  /** Emits `widget/src/api` declarations in memory with the build's options, `.ts` imports rewritten to `.js` as `widget/build.ts` does. */
  function emitDeclarations(): Map<string, string> {
    const configPath = `${WIDGET_DIR}tsconfig.build.json`;
    const config = ts.parseJsonConfigFileContent(
      ts.readConfigFile(configPath, ts.sys.readFile).config,
      ts.sys,
      WIDGET_DIR,
    );
    const program = ts.createProgram([`${WIDGET_DIR}src/api/index.ts`], config.options);
    const emitted = new Map<string, string>();
    const result = program.emit(
      undefined,
      (name, text) => {
        emitted.set(name, text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3'));
      },
      undefined,
      true,
    );
    expect(
      result.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
      'declaration emit',
    ).toEqual([]);
    return emitted;
  }

  const emitted = emitDeclarations();
  const routesDts = [...emitted].find(([name]) => name.endsWith('/api/routes.d.ts'));

  it('carry each @deprecated mark, with its replacement, into routes.d.ts', () => {
    expect(routesDts, 'routes.d.ts emitted').toBeDefined();
    const text = routesDts![1];
    const marked = [...text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*readonly (\w+): "([^"]+)"/g)]
      .filter(([, doc]) => doc!.includes('@deprecated'))
      .map(([, doc, name, route]) => ({ name, route, doc: doc!.replace(/\s*\*\s*/g, ' ') }));
    expect(marked.length, 'deprecated properties in the emitted declarations').toBe(DEPRECATED_METHODS.length);
    expect(marked.find((m) => m.route === 'POST /call/phone')?.doc, 'replacement named').toContain('use `call.create`');
    expect(marked.find((m) => m.route === 'GET /logs')?.doc, 'removed routes say so').toContain(
      "Removed from the platform's current API; kept for older deployments",
    );
  });

  it('make a consumer of the emitted declarations see the same deprecations', () => {
    const outDir = `${WIDGET_DIR}dist/types/`;
    const consumer = `${outDir}__consumer__.ts`;
    const probe = deprecationProbe('./api/index.js');
    const files = new Map([...emitted].filter(([name]) => name.startsWith(outDir)));
    expect(files.size, 'declarations emitted under dist/types').toBeGreaterThan(5);
    files.set(consumer, probe);
    // Only the virtual files exist: the consumer cannot fall back to the sources.
    const service = languageService(files, [consumer], { isolated: true });
    expect(
      service.getSemanticDiagnostics(consumer).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
      'consumer compiles',
    ).toEqual([]);
    expect(reportedDeprecated(service, consumer, probe), 'deprecated methods seen through dist/types').toEqual(
      DEPRECATED_METHODS,
    );
  });
});

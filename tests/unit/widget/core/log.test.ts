/**
 * One log prefix (widget/src/core/log.ts): every console line the widget writes starts with
 * `LOG_PREFIX`. Every use of `console` in widget/src is read with the TypeScript compiler
 * (tests/lib/console-calls.ts) and its first argument followed to where it is built; the only
 * lines allowed without the prefix are those the @vapi-ai/web drop-in (widget/src/vapi/) repeats
 * word for word from the SDK it stands in for, each listed below and checked against that SDK.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consoleCalls, consoleLiterals, logModuleOf } from '../../../lib/console-calls.ts';
import { sourceFiles } from '../../../lib/import-graph.ts';
import { LOG_PREFIX } from '../../../../widget/src/core/log.ts';
import { ELEMENT_NAME } from '../../../../widget/src/element/options.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const LOG_MODULE = logModuleOf(ROOT);

/**
 * Console lines of the drop-in that are @vapi-ai/web's own, word for word (a page moving from the
 * SDK sees the same warnings): the first argument, as the SDK writes it.
 */
const REFERENCE_LINES: readonly string[] = [
  '[Vapi] alwaysIncludeMicInPermissionPrompt:false detected. This can cause Chrome 140+ issues. Removing the property.',
  '[Vapi] audioSource:false detected in factory options. This can cause Chrome 140+ issues. Defaulting to true.',
  '[Vapi] setInputDevicesAsync with audioSource:false detected. This can cause Chrome 140+ issues. Using default device instead.',
  'Error adjusting microphone level:',
];

const where = (call: { file: string; line: number }) => `${relative(ROOT, call.file)}:${call.line}`;

describe('one log prefix', () => {
  const calls = consoleCalls(sourceFiles(join(ROOT, 'widget/src')), LOG_MODULE);

  it('is the element’s tag name and a colon', () => {
    expect(LOG_PREFIX, 'the prefix names the element').toBe(`${ELEMENT_NAME}:`);
  });

  it('starts every console line of widget/src (the drop-in’s copies of the SDK’s lines aside)', () => {
    expect(calls.length, 'the scan found the console calls').toBeGreaterThan(20);
    const reference = (call: (typeof calls)[number]) =>
      call.file.startsWith(join(ROOT, 'widget/src/vapi/')) &&
      call.literal !== null &&
      REFERENCE_LINES.includes(call.literal);
    const wrong = calls
      .filter((call) => call.verdict !== 'prefixed' && !reference(call))
      .map((call) => `${where(call)} console.${call.method ?? '?'}(${call.first})`);
    expect(wrong, `console lines that do not start with LOG_PREFIX (widget/src/core/log.ts)`).toEqual([]);
    const used = calls.filter(reference).map((call) => call.literal);
    expect(
      REFERENCE_LINES.filter((line) => !used.includes(line)),
      'listed reference lines no longer written: delete them',
    ).toEqual([]);
  });

  it('lets through only lines @vapi-ai/web writes itself', () => {
    const dist = join(ROOT, 'node_modules/@vapi-ai/web/dist');
    const sdk = readdirSync(dist)
      .filter((name) => name.endsWith('.js'))
      .flatMap((name) => consoleLiterals(name, readFileSync(join(dist, name), 'utf8')));
    expect(sdk.length, 'the SDK’s console lines were read').toBeGreaterThan(3);
    expect(
      REFERENCE_LINES.filter((line) => !sdk.includes(line)),
      'not a console line of @vapi-ai/web’s dist/',
    ).toEqual([]);
  });
});

describe('the console reader sees what it must', () => {
  const probe = (source: string) => {
    const file = join(ROOT, 'widget/src/core/probe-log.ts');
    return consoleCalls([file], LOG_MODULE, new Map([[file, source]])).map(
      ({ method, verdict }) => `${method ?? '?'}:${verdict}`,
    );
  };
  const head = "import { LOG_PREFIX } from './log.ts';\n";

  it('accepts the prefix as the whole argument, opening a template, left of a +, and through consts', () => {
    const source = `${head}const HINT = \`\${LOG_PREFIX} hint\`;\nconst message = HINT;\nconsole.warn(LOG_PREFIX, 1);\nconsole.error(\`\${LOG_PREFIX} x \${2}\`);\nconsole.log(LOG_PREFIX + ' y');\nconsole.error(message);\nconsole.info((HINT));\n`;
    expect(probe(source), 'all prefixed').toEqual([
      'warn:prefixed',
      'error:prefixed',
      'log:prefixed',
      'error:prefixed',
      'info:prefixed',
    ]);
  });

  it('refuses another prefix, a prefix not at the start, a let, a look-alike constant, and no argument', () => {
    const source = `${head}const LOG = 'ringwise-voice-call:';\nlet later = \`\${LOG_PREFIX} z\`;\nconsole.error('[voice] x');\nconsole.error(\`[ringwise] \${LOG_PREFIX}\`);\nconsole.error(\`\${LOG_PREFIX}x\`);\nconsole.warn(later);\nconsole.warn(\`\${LOG} y\`);\nconsole.log();\n`;
    expect(probe(source), 'all unprefixed').toEqual([
      'error:unprefixed',
      'error:unprefixed',
      'error:unprefixed',
      'warn:unprefixed',
      'warn:unprefixed',
      'log:unprefixed',
    ]);
  });

  it('reports console reached any other way, and ignores a local named console', () => {
    const source = `${head}const log = console.error;\nconsole['warn']('x');\nfunction f(console: { error(m: string): void }) { console.error('local'); }\nlog('y');\nf(globalThis.console);\n`;
    expect(probe(source), 'indirect uses').toEqual(['?:indirect', '?:indirect']);
  });
});

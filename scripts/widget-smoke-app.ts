/**
 * The files of the widget smoke test's fresh app (scripts/widget-smoke.ts): a Vite + React + TypeScript app as
 * `create-vite`'s react-ts template sets it up (`tsc -b && vite build`, the template's compiler options), using
 * the hook, the element in TSX, every React snippet the /widget configurator can produce
 * (site/lib/embed-snippet.ts, generated here, not retyped) and every TSX block of widget/README.md (extracted).
 * Also two one-page apps that differ in one import, for the bundle size of `./vapi` against `@vapi-ai/web`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../shared/config.ts';
import type { EmbedConfig, EmbedTarget } from '../site/lib/embed-snippet.ts';

/** create-vite's react-ts `tsconfig.app.json` (its `types: ["vite/client"]` left out: the app has no Vite). */
export const TSCONFIG_APP = {
  compilerOptions: {
    tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
    target: 'ES2022',
    useDefineForClassFields: true,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    types: [],
    skipLibCheck: true,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    jsx: 'react-jsx',
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
  },
  include: ['src'],
};

/** The template's solution `tsconfig.json` (`tsc -b` builds its references). */
export const TSCONFIG = { files: [], references: [{ path: './tsconfig.app.json' }] };

/** The app's entry: the hook, and the element with every kind of prop the JSX types allow. */
export const MAIN_TSX = `import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { useVoiceCall } from '@ringwise/voice-widget/react';
import '@ringwise/voice-widget/element';
import type { VoiceCallElement } from '@ringwise/voice-widget/element';

function CallButton() {
  const call = useVoiceCall({ publicKey: 'pk-smoke', target: { assistantId: 'asst-smoke' } });
  useEffect(() => {
    call.preload();
  }, [call]);
  return <button onClick={() => call.toggle()}>{call.phase === 'idle' ? 'Talk to Our Agent' : 'Hang Up'}</button>;
}

function Widget() {
  const ref = useRef<VoiceCallElement>(null);
  return (
    <ringwise-voice-call
      ref={ref}
      public-key="pk-smoke"
      assistant-id="asst-smoke"
      mode="hybrid"
      position="bottom-left"
      theme="auto"
      expanded
      persist
      page-context="false"
      preload="intent"
      input="push-to-talk"
      nudge-delay={10}
      assistant-overrides={JSON.stringify({ firstMessage: 'Hi!' })}
      variable-first_name="Ada"
      label-start-call="Call us"
      className="agent"
      style={{ '--ringwise-accent': '#0f766e', marginTop: 8 }}
      clientTools={{ openContactForm: () => ref.current?.open() }}
      onringwise-error={(event) => console.warn(event.detail.type)}
      onringwise-consent={(event) => console.info(event.detail.decision)}
    />
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <CallButton />
    <Widget />
  </StrictMode>,
);
`;

/** Values the JSX types must refuse: \`tsc -b\` fails if any of these lines compiles. */
export const WRONG_TSX = `export const wrong = [
  // @ts-expect-error -- not a mode
  <ringwise-voice-call mode="phone" />,
  // @ts-expect-error -- not a position
  <ringwise-voice-call position="middle" />,
  // @ts-expect-error -- a number is not a key
  <ringwise-voice-call public-key={42} />,
  // @ts-expect-error -- the error event's detail has no such field
  <ringwise-voice-call onringwise-error={(event) => event.detail.nope} />,
];
`;

/** Every fenced \`tsx\` block of a Markdown file, in order. */
export function tsxBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```tsx\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** The TSX blocks of widget/README.md; throws when there is none (the extraction would test nothing). */
export function readmeTsx(): string[] {
  const blocks = tsxBlocks(readFileSync(join(PROJECT_ROOT, 'widget', 'README.md'), 'utf8'));
  if (blocks.length < 2)
    throw new Error(`widget/README.md has ${blocks.length} tsx block(s); the hook's and the element's expected.`);
  return blocks;
}

/**
 * Every distinct React snippet the configurator produces: its defaults (placeholders), then each mode, position,
 * theme and language with real values, a title that needs escaping, a colour and an API base URL.
 */
export async function configuratorSnippets(): Promise<string[]> {
  const lib = await import('../site/lib/embed-snippet.ts');
  const target = { loaderUrl: 'https://example.com/widget/voice-widget.js' };
  const filled = { ...lib.DEFAULT_EMBED_CONFIG, publicKey: 'pk-1', assistantId: 'asst-1' };
  type Case = [EmbedConfig, EmbedTarget];
  const configs: Case[] = [
    [lib.DEFAULT_EMBED_CONFIG, target],
    ...lib.MODES.map((mode): Case => [{ ...filled, mode }, target]),
    ...lib.EMBED_POSITIONS.map((position): Case => [{ ...filled, position }, target]),
    ...lib.THEMES.map((theme): Case => [{ ...filled, theme }, target]),
    ...lib.LANGUAGES.map((locale): Case => [{ ...filled, locale }, target]),
    [
      { ...filled, title: 'Acme "Support" \\ Desk', accent: '#0f766e' },
      { ...target, apiBaseUrl: 'https://api.example.com' },
    ],
  ];
  return [...new Set(configs.map(([config, where]) => lib.embedSnippets(config, where).react))];
}

/** The one-page app of the size comparison: `import Vapi from <specifier>`, a call on a click. */
export function vapiPage(specifier: string): { html: string; main: string } {
  return {
    html: '<!doctype html><html><body><button>Call</button><script type="module" src="./main.ts"></script></body></html>\n',
    main: `import Vapi from '${specifier}';
const vapi = new Vapi('pk-smoke');
vapi.on('call-start', () => console.log('call started'));
vapi.on('message', (message) => console.log(message));
document.querySelector('button')!.addEventListener('click', () => void vapi.start('asst-smoke'));
`,
  };
}

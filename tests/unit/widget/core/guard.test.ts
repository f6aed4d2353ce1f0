/**
 * Layering guard (zustand-style): the core imports neither daily-js nor React nor any package,
 * reaches the Daily adapter only through one dynamic import (in `daily-module.ts`, the module the
 * script-tag build swaps for a load through the widget loader), and reads no browser global when it is
 * imported or constructed (SSR-safe).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CORE_ENTRY = resolve(ROOT, 'widget/src/core/index.ts');
const DAILY_DIR = resolve(ROOT, 'widget/src/daily');

/** Static `import … from`, `export … from` and side-effect imports (type-only ones included). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The static import graph from `entry`: every file reached and every specifier seen. */
function staticGraph(entry: string) {
  const files = new Set<string>();
  const specifiers: { from: string; specifier: string }[] = [];
  const dynamic: { from: string; specifier: string }[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) dynamic.push({ from: file, specifier: specifier! });
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      specifiers.push({ from: file, specifier: specifier! });
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
    }
  };
  visit(entry);
  return { files: [...files], specifiers, dynamic };
}

describe('core layering', () => {
  const graph = staticGraph(CORE_ENTRY);

  it('statically imports no package at all (no daily-js, no React)', () => {
    const bare = graph.specifiers.filter(({ specifier }) => !specifier.startsWith('.'));
    expect(bare, 'bare specifiers in the core graph').toEqual([]);
    expect(graph.files.length, 'the scan followed the graph').toBeGreaterThan(5);
  });

  it('never statically reaches the Daily adapter', () => {
    const daily = graph.files.filter((file) => file.startsWith(DAILY_DIR));
    expect(daily, 'adapter files in the static graph').toEqual([]);
  });

  it('reaches the adapter through exactly one dynamic import', () => {
    expect(
      graph.dynamic.map(({ from, specifier }) => [from.slice(ROOT.length + 1), specifier]),
      'dynamic imports in the core graph',
    ).toEqual([['widget/src/core/daily-module.ts', '../daily/index.ts']]);
  });

  it('the scanner sees packages where there are some (the adapter imports daily-js)', () => {
    const adapter = staticGraph(resolve(DAILY_DIR, 'index.ts'));
    expect(adapter.specifiers.map((s) => s.specifier), 'daily-js found').toContain('@daily-co/daily-js');
  });
});

describe('core import is SSR-safe', () => {
  const BROWSER_GLOBALS = [
    'window',
    'document',
    'navigator',
    'location',
    'self',
    'addEventListener',
    'removeEventListener',
    'Audio',
    'MediaStream',
    'AudioContext',
    'localStorage',
    'sessionStorage',
    'matchMedia',
    'requestAnimationFrame',
    'customElements',
    'HTMLElement',
  ];
  const saved = new Map<string, PropertyDescriptor | undefined>();

  afterEach(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    saved.clear();
  });

  it('reads no browser global when imported, constructed and read (voice and chat clients)', async () => {
    const touched: string[] = [];
    for (const name of BROWSER_GLOBALS) {
      saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return undefined;
        },
      });
    }
    vi.resetModules();
    const core = await import('../../../../widget/src/core/index.ts');
    const client = new core.VoiceClient({ publicKey: 'pk' });
    client.on('error', () => {});
    const snapshot = client.getSnapshot();
    client.destroy();
    const chat = new core.ChatClient({ publicKey: 'pk' });
    chat.on('error', () => {});
    const chatSnapshot = chat.getSnapshot();
    chat.destroy();
    expect(snapshot.state, 'usable without a browser').toBe('idle');
    expect(chatSnapshot.state, 'the chat client too').toBe('idle');
    expect(touched, 'browser globals read').toEqual([]);
  });

  it('the probe works: reading a trapped global is recorded', () => {
    const touched: string[] = [];
    saved.set('window', Object.getOwnPropertyDescriptor(globalThis, 'window'));
    Object.defineProperty(globalThis, 'window', {
      configurable: true,
      get() {
        touched.push('window');
        return undefined;
      },
    });
    void (globalThis as { window?: unknown }).window;
    expect(touched, 'trap fired').toEqual(['window']);
  });
});

/**
 * The core is SSR-safe: importing it, constructing the voice and chat clients and reading their
 * snapshots touches no browser global. (Which modules the core may import is checked by the
 * import-graph guard, tests/unit/gates/layering.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

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
    const core = await import('../../../../widget/src/core.ts');
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

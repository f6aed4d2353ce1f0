/**
 * The script-tag loader (`voice-widget.js`, an IIFE): what website owners paste.
 *
 * ```html
 * <script src="https://…/voice-widget.js" data-public-key="…" data-assistant-id="…" async></script>
 * ```
 *
 * It defines `<ringwise-voice-call>` once and mounts one floating launcher from the script's
 * `data-*` attributes (`data-public-key` → `public-key`, `data-label-start` → `label-start`, …;
 * `data-position` defaults to `bottom-right`, `data-mode` to `hybrid`; `data-mount="false"` only
 * defines the element). Included twice, or loaded after the page finished loading (single-page
 * apps), it still mounts exactly one launcher. It paints only the launcher: the card UI and the
 * engines are files next to it (`MODULE_FILES`, files.ts), loaded on the first hover, touch, press or focus,
 * never on page load, by the one `loadModule` function below. Its only global is
 * `window.RingwiseVoice` (`RingwiseGlobal`).
 */
import type { LoadModule, WidgetModules } from './element/card-port.ts';
import { LOADER_FILE, MODULE_FILES } from './files.ts';
import { registerLocale, type VoiceLabels } from './element/labels.ts';
import {
  defineVoiceCallElement,
  ELEMENT_NAME,
  type VoiceCallElement,
} from './element/voice-call-element.ts';

/** Replaced at build time with the package version. */
declare const __RINGWISE_VERSION__: string;

/** `window.RingwiseVoice`: the loader's one global. */
export interface RingwiseGlobal {
  /** Package version of the loader that defined the element. */
  readonly version: string;
  /**
   * Mounts a launcher with these attributes (element attribute names, e.g. `{ 'public-key': … }`)
   * unless one is already mounted; returns the launcher.
   */
  mount(attributes: Record<string, string>): VoiceCallElement;
  /** Registers labels for a locale (see the element's `locale` attribute). */
  registerLocale(locale: string, labels: Partial<VoiceLabels>): void;
}

/**
 * The script tag's defaults, where they differ from the element's: a floating launcher, and
 * hybrid mode (visitors can type right away, and talk with one more click — see the README).
 */
const SCRIPT_DEFAULTS: Record<string, string> = { position: 'bottom-right', mode: 'hybrid' };

const LAUNCHER = 'data-ringwise-launcher';

/**
 * Loads the modules next to `base` with `import()`. A module is fetched once; after a failure
 * the next attempt asks for a fresh URL (a failed module fetch may stay cached by URL).
 */
function createModuleLoader(base: string): LoadModule {
  const pending = new Map<string, Promise<unknown>>();
  const failures = new Map<string, number>();
  return <K extends keyof WidgetModules>(name: K) => {
    let module = pending.get(name);
    if (!module) {
      const failed = failures.get(name) ?? 0;
      const url = new URL(MODULE_FILES[name], base).href;
      module = import(/* @vite-ignore */ failed ? `${url}?retry=${failed}` : url);
      module.catch(() => {
        pending.delete(name);
        failures.set(name, failed + 1);
      });
      pending.set(name, module);
    }
    return module as Promise<WidgetModules[K]>;
  };
}

/**
 * `data-public-key` → `public-key`: every `data-*` attribute of the script tag, so the options,
 * `label-*` and `variable-*` pass without a list of names in the loader (an attribute the element
 * does not know is inert on it).
 */
function attributesOf(script: HTMLScriptElement | null): Record<string, string> {
  const attributes: Record<string, string> = {};
  // A NamedNodeMap is iterable in every browser with custom elements.
  for (const { name, value } of script?.attributes ?? []) {
    if (name.startsWith('data-')) attributes[name.slice(5)] = value;
  }
  return attributes;
}

function mount(attributes: Record<string, string>, nonce: string): VoiceCallElement {
  const existing = document.querySelector<VoiceCallElement>(`${ELEMENT_NAME}[${LAUNCHER}]`);
  if (existing) return existing;
  const element = document.createElement(ELEMENT_NAME);
  element.setAttribute(LAUNCHER, '');
  for (const [name, value] of Object.entries({ ...SCRIPT_DEFAULTS, ...attributes })) element.setAttribute(name, value);
  if (nonce) element.nonce = nonce;
  document.body.append(element);
  return element;
}

function boot(): void {
  // Captured now: `currentScript` is only set while this script runs.
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>(`script[src*="${LOADER_FILE}"]`);
  const win = window as unknown as { RingwiseVoice?: Partial<RingwiseGlobal> };
  // Set up once. A RingwiseVoice without `mount` is the UMD bundle's, loaded first: the loader
  // adds its keys to that object (the UMD does the same the other way round).
  if (!win.RingwiseVoice?.mount) {
    defineVoiceCallElement(createModuleLoader(script?.src || location.href));
    win.RingwiseVoice = Object.assign(win.RingwiseVoice ?? {}, {
      version: typeof __RINGWISE_VERSION__ === 'string' ? __RINGWISE_VERSION__ : 'dev',
      mount: (attributes: Record<string, string>) => mount(attributes, ''),
      registerLocale,
    });
  }
  if (script?.getAttribute('data-mount') === 'false') return;
  const attributes = attributesOf(script);
  const nonce = script?.nonce ?? '';
  if (document.body) mount(attributes, nonce);
  else document.addEventListener('DOMContentLoaded', () => mount(attributes, nonce), { once: true });
}

try {
  boot();
} catch (error) {
  // Never throw into the host page; leave a trace for whoever debugs the embed.
  console.warn('ringwise-voice-call:', error);
}

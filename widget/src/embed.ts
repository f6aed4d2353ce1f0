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
 * engines are files next to it (`MODULE_FILES`, files.ts), loaded on the first hover, touch, press
 * or focus, never on page load, as classic scripts with the script tag's nonce (`scriptLoader`:
 * no CORS needed, so any static host serves them). Its only global is `window.RingwiseVoice`
 * (`RingwiseGlobal`, which the widget's files register through).
 */
import { LOADER_FILE } from './ports/manifest.ts';
import { scriptLoader, type ChunkRegistry } from './element/script-loader.ts';
import { registerLocale, type VoiceLabels } from './i18n/labels.ts';
import { createVoiceCallElement } from './element/voice-call-element.ts';
import type { VoiceCallElement } from './element/element-types.ts';
import { ELEMENT_NAME } from './element/options.ts';
import { LOG_PREFIX } from './core/log.ts';

/** Replaced at build time with the package version. */
declare const __RINGWISE_VERSION__: string;

/** `window.RingwiseVoice`: the loader's one global (`chunk` and `load` are for the widget's own files). */
export interface RingwiseGlobal extends ChunkRegistry {
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
const SCRIPT_DEFAULTS: Record<string, string> = { position: 'bottom-right', mode: 'hybrid', persist: '' };

const LAUNCHER = 'data-ringwise-launcher';

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

/**
 * The elements this loader created. Only they run unless the script tag says `data-mount="false"`
 * (the page then writes its own elements): markup the loader did not create, e.g. a
 * `<ringwise-voice-call data-ringwise-launcher api-base-url=…>` planted by HTML injection, is
 * never taken for the launcher and configures nothing.
 */
const created = new WeakSet<Element>();
let launcher: VoiceCallElement | undefined;

function mount(attributes: Record<string, string>, nonce: string): VoiceCallElement {
  if (launcher?.isConnected) return launcher;
  const element = (launcher = document.createElement(ELEMENT_NAME));
  created.add(element);
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
  const nonce = script?.nonce ?? '';
  const markup = script?.getAttribute('data-mount') === 'false';
  if (!win.RingwiseVoice?.mount) {
    // Defined once per page (the package's own import may have defined it already); the loader
    // runs only in a browser, so it needs no check for one (defineVoiceCallElement has it).
    const load = scriptLoader(script?.src || location.href, nonce);
    customElements.get(ELEMENT_NAME) ||
      customElements.define(
        ELEMENT_NAME,
        createVoiceCallElement(load, undefined, markup ? undefined : (element) => created.has(element)),
      );
    win.RingwiseVoice = Object.assign(win.RingwiseVoice ?? {}, {
      version: typeof __RINGWISE_VERSION__ === 'string' ? __RINGWISE_VERSION__ : 'dev',
      mount: (attributes: Record<string, string>) => mount(attributes, nonce),
      registerLocale,
    });
  }
  if (markup) return;
  const attributes = attributesOf(script);
  // The first loader's mount (a second copy of the loader mounts through it): one launcher.
  const mountHere = () => win.RingwiseVoice!.mount!(attributes);
  if (document.body) mountHere();
  else document.addEventListener('DOMContentLoaded', mountHere, { once: true });
}

try {
  boot();
} catch (error) {
  // Never throw into the host page; leave a trace for whoever debugs the embed.
  console.warn(LOG_PREFIX, error);
}

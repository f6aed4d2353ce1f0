/**
 * `<ringwise-voice-call>`: a voice-call launcher for any page or framework.
 *
 * Attributes (all live; the script-tag loader maps `data-*` on its script tag to these):
 * - `public-key`: public web token (required to call).
 * - `assistant-id` | `squad-id` | `workflow-id`: what to call (or set the `target` property).
 * - `api-base-url`: platform API base URL (default: the platform's public API).
 * - `position`: `inline` (default) | `bottom-right` | `bottom-left`.
 * - `theme`: `light` (default) | `dark` | `auto` (follows the system).
 * - `locale`: picks labels registered with `registerLocale` (default English). Set the element's
 *   own `lang` too; the shadow tree inherits it.
 * - `transcript`: present → shows a live transcript of the conversation.
 * - `label-*`: replaces one label, e.g. `label-start="Call us"` (see `VoiceLabels`).
 * - `nonce`: nonce for the fallback `<style>` on browsers without constructable stylesheets.
 *
 * DOM events (bubbling, composed): `ringwise-` + each client event (`ringwise-call-start`,
 * `ringwise-call-end`, `ringwise-speech-start`, `ringwise-speech-end`, `ringwise-volume-level`,
 * `ringwise-message`, `ringwise-call-start-progress`, `ringwise-call-start-success`,
 * `ringwise-call-start-failed`, `ringwise-error`, `ringwise-state-change`) with the payload as
 * `detail`; widget-level failures (missing key or target, engine load) also fire `ringwise-error`,
 * with an `Error` whose `type` is `not-configured`, `no-target` or `engine-load-failed`.
 *
 * The element never throws into the host page; it tears everything down (call, listeners,
 * client) when removed from the DOM.
 */
import type { CallTarget, VoiceClientEvents } from '../core/types.ts';
import { problemText, VoiceCallController, type CallProblem, type CallView } from './controller.ts';
import type { LoadEngine } from './engine-port.ts';
import { EN_LABELS, resolveLabels, type VoiceLabels } from './labels.ts';
import { applyStyles } from './styles.ts';

/** Tag name of the element. */
export const ELEMENT_NAME = 'ringwise-voice-call';

/** Prefix of the element's DOM events. */
export const EVENT_PREFIX = 'ringwise-';

/** Where the launcher sits. `inline` flows with the page; the others float in a corner. */
export type WidgetPosition = 'inline' | 'bottom-right' | 'bottom-left';

const POSITIONS: readonly string[] = ['inline', 'bottom-right', 'bottom-left'];

/** Option attributes (labels come on top, as `label-*`). */
export const OPTION_ATTRIBUTES = [
  'public-key',
  'assistant-id',
  'squad-id',
  'workflow-id',
  'api-base-url',
  'position',
  'theme',
  'locale',
  'transcript',
  'nonce',
] as const;

const LABEL_KEYS = Object.keys(EN_LABELS) as (keyof VoiceLabels)[];
/** `micDenied` → `label-mic-denied`, in `LABEL_KEYS` order. */
const LABEL_ATTRIBUTES = LABEL_KEYS.map((key) => 'label-' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()));

/** The element's public surface. */
export interface VoiceCallElement extends HTMLElement {
  /** Starts a call with the configured target. Resolves `true` when it started; never rejects. */
  start(): Promise<boolean>;
  /** Hangs up, or cancels a start in progress. */
  stop(): void;
  /** Mutes or unmutes the microphone. */
  setMuted(muted: boolean): void;
  /** Label overrides (merged over the locale's labels and under `label-*` attributes). */
  labels: Partial<VoiceLabels>;
  /** Explicit call target (with overrides); takes precedence over the id attributes. */
  target: CallTarget | null;
  /** The current view state (phase, speaking, volume, problem, transcript…). */
  readonly view: CallView;
}

/** Constructor of the element class. */
export type VoiceCallElementConstructor = new () => VoiceCallElement;

type Tag = keyof HTMLElementTagNameMap;

function h<K extends Tag>(tag: K, className: string, part: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (part) el.setAttribute('part', part);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}


/**
 * Creates the element class bound to an engine loader (the loader decides where the engine chunk
 * comes from: next to the script-tag loader, or the bundler's chunk). Touches no browser global
 * until called.
 */
export function createVoiceCallElement(loadEngine: LoadEngine): VoiceCallElementConstructor {
  class RingwiseVoiceCall extends HTMLElement implements VoiceCallElement {
    static get observedAttributes(): string[] {
      return [...OPTION_ATTRIBUTES, ...LABEL_ATTRIBUTES];
    }

    #labels: Partial<VoiceLabels> = {};
    #target: CallTarget | null = null;
    #controller: VoiceCallController;
    #connection: AbortController | null = null;
    #unsubscribe: (() => void) | null = null;
    #styled = false;
    #root: HTMLDivElement;
    #panel: HTMLDivElement;
    #status: HTMLParagraphElement;
    #progress: HTMLProgressElement;
    #transcript: HTMLUListElement;
    #launcher: HTMLButtonElement;
    #indicator: HTMLSpanElement;
    #label: HTMLSpanElement;
    #speaking: HTMLSpanElement;
    #mute: HTMLButtonElement;
    #audio: HTMLButtonElement;

    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      this.#controller = new VoiceCallController({
        loadEngine,
        onEvent: (event, payload) => this.#dispatch(event, payload),
      });
      this.#root = h('div', 'w', 'container');
      this.#panel = h('div', 'p', 'panel');
      this.#status = h('p', 'st', 'status', { role: 'status' }); // implicitly aria-live=polite
      this.#progress = h('progress', '', 'progress', { max: '9', value: '0' });
      this.#transcript = h('ul', 'tr', 'transcript', { role: 'log' });
      const controls = h('div', 'c', 'controls');
      // No type attribute: a button in a shadow root has no form to submit.
      this.#audio = h('button', '', 'enable-audio');
      this.#mute = h('button', 'm', 'mute', { 'aria-pressed': 'false' });
      this.#launcher = h('button', 'l', 'launcher');
      this.#indicator = h('span', 'i', 'indicator', { 'aria-hidden': 'true' });
      this.#label = h('span', '', 'label');
      this.#speaking = h('span', 'sp', 'speaking', { 'aria-hidden': 'true' });
      this.#launcher.append(this.#indicator, this.#label);
      controls.append(this.#speaking, this.#audio, this.#mute, this.#launcher);
      this.#panel.append(this.#status, this.#progress, this.#transcript);
      this.#root.append(this.#panel, controls);
      shadow.append(this.#root);
      this.#render();
    }

    get labels(): Partial<VoiceLabels> {
      return this.#labels;
    }

    set labels(value: Partial<VoiceLabels>) {
      this.#labels = { ...value };
      this.#render();
    }

    get target(): CallTarget | null {
      return this.#target;
    }

    set target(value: CallTarget | null) {
      this.#target = value;
    }

    get view(): CallView {
      return this.#controller.getSnapshot();
    }

    connectedCallback(): void {
      if (this.#connection) return;
      if (!this.#styled && this.shadowRoot) {
        // Here rather than in the constructor: a created (not parsed) element has its nonce only now.
        applyStyles(this.shadowRoot, this.nonce || this.getAttribute('nonce') || '');
        this.#styled = true;
      }
      const connection = new AbortController();
      this.#connection = connection;
      const signal = connection.signal;
      this.#configure();
      this.#unsubscribe = this.#controller.subscribe(() => this.#render());
      const intent = () => {
        if (this.#controller.getSnapshot().phase === 'idle') this.#controller.preload();
      };
      for (const type of ['pointerenter', 'focus', 'touchstart'] as const) {
        this.#launcher.addEventListener(type, intent, { signal, passive: true });
      }
      this.#launcher.addEventListener('click', () => this.#toggle(), { signal });
      this.#mute.addEventListener('click', () => this.setMuted(!this.#controller.getSnapshot().muted), { signal });
      this.#audio.addEventListener('click', () => this.#controller.resumeAudio(), { signal });
      this.shadowRoot?.addEventListener(
        'keydown',
        (event) => {
          if ((event as KeyboardEvent).key !== 'Escape' || this.#controller.getSnapshot().phase === 'idle') return;
          event.preventDefault();
          this.stop();
        },
        { signal },
      );
      this.#render();
    }

    disconnectedCallback(): void {
      // A move within the document (disconnect + connect in one task) keeps the call.
      queueMicrotask(() => {
        if (!this.isConnected) this.#teardown();
      });
    }

    attributeChangedCallback(name: string): void {
      if (name === 'public-key' || name === 'api-base-url') this.#configure();
      this.#render();
    }

    start(): Promise<boolean> {
      return this.#controller.start(this.#callTarget());
    }

    stop(): void {
      this.#controller.stop();
    }

    setMuted(muted: boolean): void {
      this.#controller.setMuted(muted);
    }

    #toggle(): void {
      if (this.#controller.getSnapshot().phase === 'idle') void this.start();
      else this.stop();
    }

    #teardown(): void {
      this.#connection?.abort();
      this.#connection = null;
      this.#unsubscribe?.();
      this.#unsubscribe = null;
      this.#controller.release();
      this.#render();
    }

    #configure(): void {
      this.#controller.configure({
        publicKey: this.getAttribute('public-key')?.trim() || null,
        apiBaseUrl: this.getAttribute('api-base-url')?.trim() || null,
      });
    }

    #callTarget(): CallTarget {
      if (this.#target) return this.#target;
      const target: CallTarget = {};
      const assistantId = this.getAttribute('assistant-id')?.trim();
      const squadId = this.getAttribute('squad-id')?.trim();
      const workflowId = this.getAttribute('workflow-id')?.trim();
      if (assistantId) target.assistantId = assistantId;
      else if (squadId) target.squadId = squadId;
      else if (workflowId) target.workflowId = workflowId;
      return target;
    }

    #resolvedLabels(): VoiceLabels {
      const fromAttributes: Partial<VoiceLabels> = {};
      LABEL_KEYS.forEach((key, i) => {
        const value = this.getAttribute(LABEL_ATTRIBUTES[i]!);
        if (value) fromAttributes[key] = value;
      });
      return resolveLabels(this.getAttribute('locale'), { ...this.#labels, ...fromAttributes });
    }

    #dispatch(event: string, detail: unknown): void {
      this.dispatchEvent(new CustomEvent(EVENT_PREFIX + event, { detail, bubbles: true, composed: true }));
    }

    #render(): void {
      const view = this.#controller.getSnapshot();
      const labels = this.#resolvedLabels();
      const root = this.#root;
      const position = this.getAttribute('position') ?? 'inline';
      root.dataset.position = POSITIONS.includes(position) ? position : 'inline';
      root.dataset.theme = this.getAttribute('theme') ?? 'light';
      root.dataset.state = view.phase;
      const inCall = view.phase !== 'idle';
      root.toggleAttribute('data-incall', inCall);
      root.toggleAttribute('data-speaking', view.speaking);
      root.toggleAttribute('data-problem', !!view.problem);

      let status = '';
      if (view.phase === 'loading' || view.phase === 'starting') {
        // 'daily-call-join' → labels.stageDailyCallJoin
        const stage = view.stage && labels[`stage-${view.stage}`.replace(/-(.)/g, (_, c: string) => c.toUpperCase()) as keyof VoiceLabels];
        status = `${labels.connecting}${stage ? ': ' + stage : ''}…`;
      } else if (view.phase === 'active') status = labels.active;
      else if (view.phase === 'reconnecting') status = labels.reconnecting;
      else if (view.phase === 'ending') status = labels.endingStatus;
      else if (view.problem) status = problemText(view.problem, labels);
      else if (view.ended) status = labels.ended;
      if (this.#status.textContent !== status) this.#status.textContent = status;

      this.#label.textContent =
        view.phase === 'ending' ? labels.ending : inCall ? labels.stop : view.problem ? labels.retry : labels.start;
      this.#launcher.disabled = view.phase === 'ending';
      this.#indicator.style.setProperty('--v', String(view.volume));

      const connecting = view.phase === 'loading' || view.phase === 'starting';
      this.#progress.hidden = !connecting;
      this.#progress.value = view.stageIndex;
      this.#progress.setAttribute('aria-label', labels.progress);

      const live = view.phase === 'active' || view.phase === 'reconnecting';
      this.#mute.hidden = !live;
      this.#mute.textContent = labels.mute;
      this.#mute.setAttribute('aria-pressed', String(view.muted));
      this.#audio.hidden = !(live && view.audioBlocked);
      this.#audio.textContent = labels.enableAudio;
      this.#speaking.hidden = !(live && view.speaking);
      this.#speaking.textContent = labels.speaking;

      const showTranscript = this.hasAttribute('transcript') && view.transcript.length > 0;
      this.#transcript.hidden = !showTranscript;
      this.#transcript.setAttribute('aria-label', labels.transcript);
      if (showTranscript) {
        const items = view.transcript.map((line) => {
          const li = document.createElement('li');
          const who = document.createElement('b');
          who.textContent = `${line.role === 'user' ? labels.you : labels.agent}: `;
          li.append(who, line.text);
          return li;
        });
        this.#transcript.replaceChildren(...items);
        this.#transcript.scrollTop = this.#transcript.scrollHeight;
      }
      this.#panel.toggleAttribute('data-empty', !status && !connecting && !showTranscript);
    }
  }
  return RingwiseVoiceCall;
}

/**
 * Defines the element once under `name` (a second call, or a second copy of the loader, reuses
 * the first definition). Returns the registered constructor, or `undefined` outside a browser.
 */
export function defineVoiceCallElement(loadEngine: LoadEngine, name: string = ELEMENT_NAME): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(name);
  if (existing) return existing;
  const element = createVoiceCallElement(loadEngine);
  customElements.define(name, element);
  return element;
}

declare global {
  interface HTMLElementTagNameMap {
    'ringwise-voice-call': VoiceCallElement;
  }
  interface HTMLElementEventMap {
    'ringwise-error': CustomEvent<CallProblem>;
    'ringwise-state-change': CustomEvent<VoiceClientEvents['state-change']>;
  }
}

/**
 * `VoiceCallController`: the framework-free view model shared by the custom element and the React
 * hook. It loads the engine lazily (on intent or on the first click), owns at most one
 * `VoiceClient`, and folds the client's snapshot and events into one immutable `CallView` that a
 * UI can render and `useSyncExternalStore` can subscribe to. It never throws into its caller:
 * a missing key, a chunk that fails to load or a failed start all end as `view.problem`.
 */
import type { CallState, CallTarget, StartStage, VoiceClientEvents, VoiceErrorType } from '../core/types.ts';
import type { LoadEngine, VoiceClientPort } from './engine-port.ts';
import { format, type VoiceLabels } from './labels.ts';

/** `CallState` plus `loading`: the engine chunk is being fetched before the start. */
export type CallPhase = 'loading' | CallState;

/** Why the last attempt failed: the core's error types plus the widget's own. */
export type ProblemKind = VoiceErrorType | 'engine-load-failed' | 'not-configured' | 'no-target';

/**
 * A failure the UI explains. The core's `VoiceError`s are problems as they are; the widget's own
 * failures are `Error`s with one of its `ProblemKind`s as `type`. `message` is technical (for logs).
 */
export interface CallProblem {
  readonly type: ProblemKind;
  readonly message: string;
  /** HTTP status of an `api-error`. */
  readonly status?: number;
  /** Ended reason of a `meeting-ended` error. */
  readonly reason?: string;
}

/** One transcript line; partial lines are replaced as the platform refines them. */
export interface TranscriptLine {
  readonly role: string;
  readonly text: string;
  readonly final: boolean;
}

/** Everything a call UI renders. A new object on every change. */
export interface CallView {
  readonly phase: CallPhase;
  readonly muted: boolean;
  readonly speaking: boolean;
  /** 0..1 (from the core: summed remote level / 0.15, capped). */
  readonly volume: number;
  /** Current start stage while `phase === 'starting'`. */
  readonly stage: StartStage | null;
  /** 1-based position of `stage` in `START_STAGES` (0 before the first stage). */
  readonly stageIndex: number;
  readonly audioBlocked: boolean;
  readonly problem: CallProblem | null;
  /** The last call ended without an error (cleared by the next start). */
  readonly ended: boolean;
  readonly transcript: readonly TranscriptLine[];
}

/** The start stages in order (spec §4), for progress display. */
export const START_STAGES: readonly StartStage[] = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'video-recording-started',
  'audio-observer-setup',
  'audio-processing-setup',
];

/** Every `VoiceClientEvents` name, for forwarding (e.g. as DOM events). */
export const CLIENT_EVENTS: readonly (keyof VoiceClientEvents)[] = [
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'message',
  'call-start-progress',
  'call-start-success',
  'call-start-failed',
  'error',
  'state-change',
];

const TRANSCRIPT_LIMIT = 50;

/** Options of `VoiceCallController`. */
export interface VoiceCallControllerOptions {
  /** Loads the engine module (called on intent or click; called again after a failure). */
  loadEngine: LoadEngine;
  /** Public web token. Empty or missing: `start` reports `not-configured`. */
  publicKey?: string | null;
  /** Base URL of the platform API. @default the core's default */
  apiBaseUrl?: string | null;
  /**
   * Receives every client event (e.g. to re-dispatch it as a DOM event). Widget-level failures
   * (`not-configured`, `no-target`, `engine-load-failed`) arrive as `error` events too, as an
   * `Error` whose `type` is that `ProblemKind`.
   */
  onEvent?: <K extends keyof VoiceClientEvents>(event: K, payload: VoiceClientEvents[K]) => void;
}

const IDLE_VIEW: CallView = {
  phase: 'idle',
  muted: false,
  speaking: false,
  volume: 0,
  stage: null,
  stageIndex: 0,
  audioBlocked: false,
  problem: null,
  ended: false,
  transcript: [],
};

/** True when a target names an assistant, squad or workflow. */
export function hasTarget(target: CallTarget): boolean {
  return !!(target.assistant || target.assistantId || target.squad || target.squadId || target.workflow || target.workflowId);
}

/** A problem from anything thrown: typed errors pass as they are. */
function problemOf(error: unknown): CallProblem {
  return typeof (error as Partial<CallProblem> | null)?.type === 'string'
    ? (error as CallProblem)
    : widgetProblem('daily-call-join-error', String(error));
}

function widgetProblem(type: ProblemKind, message: string): CallProblem {
  return Object.assign(new Error(message), { type });
}

/** The sentence a UI shows for a problem, from the labels. */
export function problemText(problem: CallProblem, labels: VoiceLabels): string {
  switch (problem.type) {
    case 'not-configured':
      return labels.errorNotConfigured;
    case 'no-target':
    case 'validation-error':
      return labels.errorNoTarget;
    case 'engine-load-failed':
      return labels.errorEngine;
    case 'mic-permission-denied':
      return labels.errorMicDenied;
    case 'mic-not-found':
      return labels.errorMicNotFound;
    case 'mic-blocked':
      return labels.errorMicBlocked;
    case 'network-error':
      return labels.errorNetwork;
    case 'api-error':
      return problem.status === 401 || problem.status === 403
        ? labels.errorUnauthorized
        : format(labels.errorApi, { status: problem.status });
    case 'meeting-ended':
      return format(labels.errorEnded, { reason: problem.reason ?? problem.message });
    default:
      return labels.errorCall;
  }
}

/** See the module comment. */
export class VoiceCallController {
  #options: VoiceCallControllerOptions;
  #view: CallView = IDLE_VIEW;
  #listeners = new Set<() => void>();
  #engine: ReturnType<LoadEngine> | null = null;
  #client: VoiceClientPort | null = null;
  #clientKey = '';
  #detach: (() => void) | null = null;
  /** Bumped by every start and stop, so a stop during the engine load cancels that start. */
  #attempt = 0;
  #loading = false;

  constructor(options: VoiceCallControllerOptions) {
    this.#options = { ...options };
  }

  /** Updates key / API URL. A client made with the old ones is replaced once no call runs. */
  configure(options: Pick<VoiceCallControllerOptions, 'publicKey' | 'apiBaseUrl'>): void {
    this.#options = { ...this.#options, ...options };
    if (this.#client && this.#clientKey !== this.#key() && this.#view.phase === 'idle') this.#disposeClient();
  }

  /** Current view (stable identity until something changes). */
  getSnapshot = (): CallView => this.#view;

  /** Subscribes to view changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /**
   * Loads the engine and the call engine's daily chunk ahead of a click (hover, focus, touch).
   * Does nothing without a public key; failures are silent here and reported by `start`.
   */
  preload(): void {
    if (!this.#options.publicKey) return;
    this.#ensureClient()
      .then((client) => client.preload())
      .catch(() => {
        // Reported by start(), where the user asked for something.
      });
  }

  /**
   * Starts a call (no-op unless idle). Resolves `true` when the call started; never rejects.
   */
  async start(target: CallTarget): Promise<boolean> {
    if (this.#view.phase !== 'idle') return false;
    if (!this.#options.publicKey) return this.#fail(widgetProblem('not-configured', 'No public key configured.'));
    if (!hasTarget(target)) return this.#fail(widgetProblem('no-target', 'Assistant or Squad or Workflow must be provided.'));
    const attempt = ++this.#attempt;
    this.#loading = true;
    this.#set({ phase: 'loading', problem: null, ended: false, transcript: [] });
    let client: VoiceClientPort;
    try {
      client = await this.#ensureClient();
    } catch (error) {
      if (attempt !== this.#attempt) return false;
      this.#loading = false;
      return this.#fail(widgetProblem('engine-load-failed', error instanceof Error ? error.message : String(error)));
    }
    if (attempt !== this.#attempt) return false;
    this.#loading = false;
    this.#sync();
    try {
      const call = await client.start(target);
      return call !== null;
    } catch (error) {
      // The core throws for validation errors (and reports them as events too).
      if (attempt === this.#attempt) this.#set({ problem: problemOf(error), phase: 'idle' });
      return false;
    }
  }

  /** Hangs up, or cancels a start in progress (including the engine load). */
  stop(): void {
    this.#attempt++;
    if (this.#loading) {
      this.#loading = false;
      this.#set({ phase: 'idle' });
    }
    this.#client?.stop();
  }

  /** Mutes or unmutes the microphone of the running call. */
  setMuted(muted: boolean): void {
    this.#client?.setMuted(muted);
    this.#sync();
  }

  /** Retries audio playback after the browser blocked it; call from a click handler. */
  resumeAudio(): void {
    this.#client?.resumeAudio();
  }

  /**
   * Ends any call and destroys the client; the controller stays usable (a later start creates a
   * new client), which is what React StrictMode's unmount/remount needs.
   */
  release(): void {
    this.stop();
    this.#disposeClient();
    this.#view = IDLE_VIEW;
    this.#emit();
  }

  #key(): string {
    return `${this.#options.publicKey ?? ''}\n${this.#options.apiBaseUrl ?? ''}`;
  }

  #ensureClient(): Promise<VoiceClientPort> {
    if (this.#client && this.#clientKey !== this.#key() && this.#view.phase === 'idle') this.#disposeClient();
    if (this.#client) return Promise.resolve(this.#client);
    if (!this.#engine) {
      this.#engine = this.#options.loadEngine();
      // A failed load is forgotten, so the next attempt fetches again.
      this.#engine.catch(() => {
        this.#engine = null;
      });
    }
    return this.#engine.then((engine) => {
      if (this.#client) return this.#client;
      const options: { publicKey: string; apiBaseUrl?: string } = { publicKey: this.#options.publicKey ?? '' };
      if (this.#options.apiBaseUrl) options.apiBaseUrl = this.#options.apiBaseUrl;
      const client = new engine.VoiceClient(options);
      this.#attach(client);
      return client;
    });
  }

  #attach(client: VoiceClientPort): void {
    this.#client = client;
    this.#clientKey = this.#key();
    const unsubscribe = client.subscribe(() => this.#sync());
    const handlers = CLIENT_EVENTS.map((event) => {
      const handler = (payload: unknown) => {
        if (event === 'message') this.#onMessage(payload as VoiceClientEvents['message']);
        this.#options.onEvent?.(event, payload as never);
      };
      client.on(event, handler);
      return () => client.off(event, handler);
    });
    this.#detach = () => {
      unsubscribe();
      for (const off of handlers) off();
    };
  }

  #disposeClient(): void {
    const client = this.#client;
    if (!client) return;
    this.#detach?.();
    this.#detach = null;
    this.#client = null;
    client.destroy();
  }

  #onMessage(message: VoiceClientEvents['message']): void {
    if (message.type !== 'transcript' || typeof message.transcript !== 'string') return;
    const role = typeof message.role === 'string' ? message.role : 'assistant';
    const final = message.transcriptType === 'final';
    const lines = [...this.#view.transcript];
    const last = lines[lines.length - 1];
    const line: TranscriptLine = { role, text: message.transcript, final };
    if (last && !last.final && last.role === role) lines[lines.length - 1] = line;
    else lines.push(line);
    this.#set({ transcript: lines.slice(-TRANSCRIPT_LIMIT) });
  }

  /** Folds the client's snapshot into the view. */
  #sync(): void {
    const client = this.#client;
    if (!client || this.#loading) return;
    const s = client.getSnapshot();
    const previous = this.#view.phase;
    const inCall = previous === 'active' || previous === 'reconnecting' || previous === 'ending';
    const patch: { -readonly [K in keyof CallView]?: CallView[K] } = {
      phase: s.state,
      muted: s.muted,
      speaking: s.speaking,
      volume: s.volume,
      stage: s.stage,
      stageIndex: s.stage ? START_STAGES.indexOf(s.stage) + 1 : 0,
      audioBlocked: s.audioBlocked,
    };
    if (s.error) patch.problem = s.error;
    else if (s.state !== 'idle') patch.problem = null;
    if (s.state === 'idle' && inCall && !s.error) patch.ended = true;
    if (s.state === 'starting') patch.ended = false;
    this.#set(patch);
  }

  /** A failure the core never saw (missing key or target, engine load): shown, and sent as an `error` event. */
  #fail(problem: CallProblem): false {
    this.#set({ phase: 'idle', problem, stage: null, stageIndex: 0 });
    this.#options.onEvent?.('error', problem as never);
    return false;
  }

  #set(patch: { -readonly [K in keyof CallView]?: CallView[K] }): void {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof CallView)[]) {
      if (this.#view[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.#view = { ...this.#view, ...patch };
    this.#emit();
  }

  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

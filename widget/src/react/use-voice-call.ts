/**
 * The React binding: `useSyncExternalStore` over a `VoiceCallController` (which wraps the core).
 * This file takes the engine loader as an option and imports nothing of the engine, so an app
 * that serves the engine itself (our hero loads the CDN build) bundles only this thin layer.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CallTarget, VoiceClientEvents } from '../core/types.ts';
import { VoiceCallController, type CallView } from '../element/controller.ts';
import type { LoadEngine } from '../element/engine-port.ts';

/** Options of `useVoiceCall`. */
export interface UseVoiceCallOptions {
  /** Public web token. Empty: the hook logs an error on start and reports `not-configured`. */
  publicKey: string | null | undefined;
  /** Platform API base URL. @default the core's default */
  apiBaseUrl?: string | null;
  /** Target used by `start()` / `toggle()` when called without one. */
  target?: CallTarget;
  /** Receives every client event (latest function is used; no need to memoise). */
  onEvent?: <K extends keyof VoiceClientEvents>(event: K, payload: VoiceClientEvents[K]) => void;
}

/** What `useVoiceCall` returns: the view state plus actions (stable identities). */
export interface UseVoiceCallResult extends CallView {
  /** A public key is configured. */
  readonly configured: boolean;
  /** Starts a call (the given target, else `options.target`). Never rejects. */
  start(target?: CallTarget): Promise<boolean>;
  /** Hangs up or cancels a start. */
  stop(): void;
  /** Starts when idle, else hangs up. */
  toggle(target?: CallTarget): Promise<boolean>;
  setMuted(muted: boolean): void;
  /** Retries audio playback after autoplay was blocked (call from a click). */
  resumeAudio(): void;
  /** Loads the engine ahead of a click (wire to hover / focus / touch). */
  preload(): void;
}

/**
 * `useVoiceCall` with an explicit engine loader. Safe under StrictMode: the controller is created
 * without side effects, the client only on intent or start, and a second start while one runs is
 * ignored, so double-mounting never makes two calls. Unmounting ends the call and destroys the client.
 */
export function useVoiceCallWithEngine(loadEngine: LoadEngine, options: UseVoiceCallOptions): UseVoiceCallResult {
  const latest = useRef(options);
  const engine = useRef(loadEngine);
  useEffect(() => {
    latest.current = options;
    engine.current = loadEngine;
  });
  const [controller] = useState(
    () =>
      new VoiceCallController({
        loadEngine: () => engine.current(),
        publicKey: options.publicKey,
        apiBaseUrl: options.apiBaseUrl,
        onEvent: (event, payload) => latest.current.onEvent?.(event, payload),
      }),
  );
  const { publicKey, apiBaseUrl } = options;
  useEffect(() => {
    controller.configure({ publicKey, apiBaseUrl });
  }, [controller, publicKey, apiBaseUrl]);
  useEffect(() => () => controller.release(), [controller]);
  const view = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);

  const start = useCallback(
    (target?: CallTarget) => {
      if (!latest.current.publicKey) {
        console.error('Voice client is not configured (no public key): the call cannot start.');
      }
      return controller.start(target ?? latest.current.target ?? {});
    },
    [controller],
  );
  const stop = useCallback(() => controller.stop(), [controller]);
  const toggle = useCallback(
    (target?: CallTarget) => (controller.getSnapshot().phase === 'idle' ? start(target) : (stop(), Promise.resolve(false))),
    [controller, start, stop],
  );
  const setMuted = useCallback((muted: boolean) => controller.setMuted(muted), [controller]);
  const resumeAudio = useCallback(() => controller.resumeAudio(), [controller]);
  const preload = useCallback(() => controller.preload(), [controller]);

  return useMemo(
    () => ({ ...view, configured: !!publicKey, start, stop, toggle, setMuted, resumeAudio, preload }),
    [view, publicKey, start, stop, toggle, setMuted, resumeAudio, preload],
  );
}

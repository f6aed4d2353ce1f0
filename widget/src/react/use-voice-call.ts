/**
 * The React binding: `useSyncExternalStore` over a `ConversationController` (which wraps the
 * engines). This file takes the engine loaders as arguments and imports nothing of the engines,
 * so an app that serves the engine itself (our hero loads the CDN build) bundles only this thin
 * layer plus the two tiny request helpers that let a click send its request before the engine
 * has loaded.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { DailyConfig } from '../core/call-port.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import type { ClientTools } from '../core/client-tools.ts';
import { ConversationController } from '../conversation/controller.ts';
import { type EventSink } from '../conversation/conversation-events.ts';
import { startNow, type StartOptions } from '../core/call-request.ts';
import { requestChatWeb } from '../api/chat-web.ts';
import { requestWebCall } from '../api/web-call.ts';
import type { ChatEngine, VoiceEngine } from '../conversation/engine-port.ts';
import type { CallView } from '../conversation/view.ts';
import { LOG_PREFIX } from '../core/log.ts';
import { forgetStored } from '../conversation/forget.ts';
import { installCuts } from '../conversation/turn-cuts.ts';

/** Options of `useVoiceCall`. */
export interface UseVoiceCallOptions {
  /** Public web token. Empty: the hook logs an error on start and reports `not-configured`. */
  publicKey: string | null | undefined;
  /** Platform API base URL. @default the platform's public API */
  apiBaseUrl?: string | null;
  /**
   * The hosts a call's room may be on, each with its subdomains: an answer of `POST /call/web` whose
   * room is elsewhere (or not `https:`) is refused with an error. @default Daily's domains
   */
  roomHosts?: readonly string[];
  /** Target used by `start()`, `toggle()` and `sendText()` when called without one. */
  target?: CallTarget;
  /**
   * Receive the assistant's video in `videoTrack` (video voice providers only). Leave it off
   * unless you show it: without it the engine does not download video at all. @default false
   */
  video?: boolean;
  /**
   * Receives every client event (latest function is used; no need to memoise), including
   * `tool-call` (return `false` to take a call with no `clientTools` function on yourself) and
   * `error` (also an unknown tool, `unknown-tool`, and a failing one, `tool-failed`).
   */
  onEvent?: EventSink;
  /**
   * Client-side tools by function name: run when the assistant's `tool-calls` message names one,
   * with its parsed arguments and the call (`{ id, name, arguments }`). For effects in the page
   * only: the result never reaches the model (report back with `addMessage`). The latest object
   * is used; no need to memoise.
   */
  clientTools?: ClientTools;
  /** Daily's advanced config (e.g. `{ bundlePathOverride }`), used when the voice engine is created. */
  dailyConfig?: DailyConfig;
  /**
   * Where the chat engine comes from (chat never needs the voice engine or daily-js).
   * @default the voice engine module's `ChatClient`
   */
  loadChatEngine?: () => Promise<ChatEngine>;
}

/** What `useVoiceCall` returns: the view state plus actions (stable identities). */
export interface UseVoiceCallResult extends CallView {
  /** A public key is configured. */
  readonly configured: boolean;
  /**
   * Starts a call (the given target, else `options.target`). `options.request`: a `POST /call/web`
   * your own click already sent (`requestWebCall`), for the engine to adopt. Never rejects.
   */
  start(target?: CallTarget, options?: StartOptions): Promise<boolean>;
  /** Hangs up or cancels a start. */
  stop(): void;
  /** Starts when idle, else hangs up. */
  toggle(target?: CallTarget): Promise<boolean>;
  setMuted(muted: boolean): void;
  /** Retries audio playback after autoplay was blocked (call from a click). */
  resumeAudio(): void;
  /** Loads the voice engine and daily-js ahead of a click (wire to hover / focus / touch). */
  preload(): void;
  /** Loads the chat engine ahead of typing (wire to the message field's focus). */
  preloadChat(): void;
  /**
   * Sends typed text: into the live call (`add-message`, shown at once), else as a chat message
   * whose reply streams into `conversation`. Resolves `false` when nothing was sent. Never rejects.
   */
  sendText(text: string, target?: CallTarget): Promise<boolean>;
  /** Stops the chat reply being streamed (what arrived stays). */
  stopReply(): void;
  /**
   * Forgets this conversation: ends a call and a reply, clears the conversation and what the
   * widget kept on this device (device choices, the consent under `consentKey` when given, the
   * nudge's state). Ask the visitor first: it cannot be undone.
   */
  forget(consentKey?: string): void;
  /** Clears the last problem and the ended notice. */
  dismiss(): void;
  /** Sends an app message into the live call (JSON); ignored without a call. */
  send(message: JsonObject): void;
  /** Makes the assistant say `text` in the live call; hangs up after it when `endCallAfterSpoken`. */
  say(text: string, endCallAfterSpoken?: boolean): void;
  /**
   * Adds a message to the live call's conversation (`add-message`): `role: 'system'` for context
   * the model should know, e.g. what a client tool did. Ignored without a call; never throws (a
   * malformed message is an `error` event).
   */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void;
  /**
   * Stops the assistant mid-turn, as the element's Stop control does: its audio muted here at once
   * and on the platform (`mute-assistant`, until the visitor's next words), the turn's unsaid rest
   * marked `unheard` in `conversation`, an `interrupt` event (`by: 'stop'`). False without a live call.
   */
  interrupt(): boolean;
}

/**
 * `useVoiceCall` with an explicit voice engine loader. Safe under StrictMode: the controller is
 * created without side effects, the clients only on intent or use, and a second start while one
 * runs is ignored, so double-mounting never makes two calls. Unmounting ends the call and the
 * chat reply and destroys the clients.
 */
export function useVoiceCallWithEngine(
  loadEngine: () => Promise<VoiceEngine>,
  options: UseVoiceCallOptions,
): UseVoiceCallResult {
  const latest = useRef(options);
  const engine = useRef(loadEngine);
  useEffect(() => {
    latest.current = options;
    engine.current = loadEngine;
  });
  const [controller] = useState(
    () =>
      new ConversationController({
        loadEngine: () => engine.current(),
        loadChatEngine: options.loadChatEngine && (() => (latest.current.loadChatEngine ?? options.loadChatEngine!)()),
        publicKey: options.publicKey,
        apiBaseUrl: options.apiBaseUrl,
        video: options.video,
        dailyConfig: options.dailyConfig,
        roomHosts: options.roomHosts,
        requests: { requestWebCall, requestChatWeb },
        startNow: () => startNow,
        onEvent: (event, payload) => latest.current.onEvent?.(event, payload),
        clientTools: () => latest.current.clientTools,
      }),
  );
  const { publicKey, apiBaseUrl, dailyConfig, roomHosts } = options;
  useEffect(() => {
    controller.configure({ publicKey, apiBaseUrl, dailyConfig, roomHosts });
  }, [controller, publicKey, apiBaseUrl, dailyConfig, roomHosts]);
  useEffect(() => () => controller.release(), [controller]);
  const view = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);

  // Every action reads only the controller (made once above) and the latest options, so they are
  // made once, together: each keeps its identity across renders.
  const actions = useMemo(() => {
    const warnUnconfigured = () => {
      if (!latest.current.publicKey)
        console.error(`${LOG_PREFIX} the voice client is not configured (no public key): nothing can start.`);
    };
    const start = (target?: CallTarget, options?: StartOptions) => {
      warnUnconfigured();
      return controller.start(target ?? latest.current.target ?? {}, options);
    };
    const stop = () => controller.stop();
    return {
      start,
      stop,
      toggle: (target?: CallTarget) =>
        controller.getSnapshot().phase === 'idle' ? start(target) : (stop(), Promise.resolve(false)),
      setMuted: (muted: boolean) => controller.setMuted(muted),
      resumeAudio: () => controller.resumeAudio(),
      preload: () => controller.preload('call'),
      preloadChat: () => controller.preload('chat'),
      sendText: (text: string, target?: CallTarget) => {
        warnUnconfigured();
        return controller.sendText(text, target ?? latest.current.target ?? {});
      },
      stopReply: () => controller.stopReply(),
      forget: (consentKey?: string) => {
        controller.release();
        forgetStored(consentKey);
      },
      dismiss: () => controller.dismiss(),
      send: (message: JsonObject) => controller.send(message),
      say: (text: string, endCallAfterSpoken?: boolean) => controller.say(text, endCallAfterSpoken),
      addMessage: (message: ConversationMessage, options?: AddMessageOptions) =>
        controller.addMessage(message, options),
      // The turn cutting, installed into this controller's calls (the element's audio file does the same).
      interrupt: installCuts(
        (make) => controller.extendCall(make),
        () => controller.voiceClient(),
      ),
    };
  }, [controller]);

  return useMemo(() => ({ ...view, configured: !!publicKey, ...actions }), [view, publicKey, actions]);
}

/**
 * TEMPORARY (removed when branch `widget-engine` lands on main): the parts of the engine contract
 * (WIDGET-CONTRACT.md) the card codes against before the engine ships them — the port additions,
 * the chat client's public surface, and the two request helpers of the API layer. Shapes follow
 * the contract exactly, so the switch is an import change.
 */
import type { MediaTrackLike } from '../core/call-port.ts';
import type { CallTarget, VoiceErrorLike, VoiceSnapshot, WebCall } from '../core/types.ts';
import type { EngineClientOptions, VoiceClientPort } from './engine-port.ts';

/** Options of `VoiceClient.start`. */
export interface VoiceStartOptions {
  /** A `POST /call/web` already sent with `requestWebCall`, adopted instead of a second request. */
  request?: Promise<Response>;
}

/** A message added to a live call's conversation. */
export interface ConversationMessage {
  role: string;
  content: string;
}

/** The voice snapshot with the assistant's video. */
export interface VideoSnapshot extends VoiceSnapshot {
  readonly videoTrack?: MediaTrackLike | null;
}

/** `VoiceClientPort` with the contract's additions. */
export interface CardVoiceClientPort extends Omit<VoiceClientPort, 'start' | 'getSnapshot'> {
  start(target: CallTarget, options?: VoiceStartOptions): Promise<WebCall | null>;
  addMessage(message: ConversationMessage): void;
  getSnapshot(): VideoSnapshot;
}

/** `EngineClientOptions` with the contract's additions. */
export interface CardEngineClientOptions extends EngineClientOptions {
  video?: boolean;
}

/** The voice engine module with the contract's additions. */
export interface CardVoiceEngine {
  VoiceClient: new (options: CardEngineClientOptions) => CardVoiceClientPort;
}

/** What `ChatClient.send` resolves with at `[DONE]`. */
export interface ChatReply {
  text: string;
  sessionId: string | null;
}

/** Chat client states. */
export type ChatState = 'idle' | 'sending' | 'streaming';

/** Read-only view of a chat client. */
export interface ChatSnapshot {
  readonly state: ChatState;
  readonly sessionId: string | null;
  /** The reply so far (the partial text while streaming). */
  readonly reply: string;
  readonly error: VoiceErrorLike | null;
}

/** Events of `ChatClient`. */
export interface ChatClientEvents {
  'chat-request': { input: string };
  'chat-delta': { delta: string; text: string };
  'chat-reply': ChatReply;
  error: VoiceErrorLike;
  'state-change': ChatState;
}

/** Options of `ChatClient.send`. */
export interface ChatSendOptions {
  /** A `POST /chat/web` already sent with `requestChatWeb`, adopted instead of a second request. */
  request?: Promise<Response>;
}

/** Options the UI passes when it creates a chat client. */
export interface EngineChatOptions {
  publicKey: string;
  apiBaseUrl?: string;
}

/** The public surface of `ChatClient` the UI uses. */
export interface ChatClientPort {
  readonly sessionId: string | null;
  send(input: string, target: CallTarget, options?: ChatSendOptions): Promise<ChatReply | null>;
  stop(): void;
  reset(): void;
  destroy(): void;
  getSnapshot(): ChatSnapshot;
  subscribe(listener: () => void): () => void;
  on<K extends keyof ChatClientEvents>(event: K, handler: (payload: ChatClientEvents[K]) => void): unknown;
  off<K extends keyof ChatClientEvents>(event: K, handler: (payload: ChatClientEvents[K]) => void): unknown;
}

/** A module with the chat client only (what chat mode loads: no voice engine, no daily-js). */
export interface ChatEngine {
  ChatClient: new (options: EngineChatOptions) => ChatClientPort;
}

/** Options of the request helpers. */
export interface RequestOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

function post(options: RequestOptions, path: string, body: unknown): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  return doFetch(options.baseUrl.replace(/\/+$/, '') + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
}

/** `POST {baseUrl}/call/web` with the target; the raw response promise (the engine adopts it). */
export function requestWebCall(options: RequestOptions, target: CallTarget): Promise<Response> {
  return post(options, '/call/web', target);
}

/** `POST {baseUrl}/chat/web` with `{ ...target, input, sessionId?, stream: true }`. */
export function requestChatWeb(options: RequestOptions, body: CallTarget & { input: string; sessionId?: string; stream: true }): Promise<Response> {
  return post(options, '/chat/web', body);
}

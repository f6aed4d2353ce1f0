/**
 * The chat engine entry: what a UI loads for text chat (`voice-widget-chat.js` next to the
 * script-tag loader, or a bundler chunk in the ESM build). Only the chat client: no voice core,
 * no daily-js, no microphone, so chat mode downloads about 2.3 KB gzip on top of the UI. Hybrid
 * mode loads it for typing and the voice engine (`engine.ts`) when a call starts.
 */
import { ChatClient as CoreChatClient } from '../../core/chat-client.ts';
import type { ChatEngine } from '../../conversation/engine-port.ts';

/** `ChatClient`, checked against the port the UI codes against. */
export const ChatClient: ChatEngine['ChatClient'] = CoreChatClient;

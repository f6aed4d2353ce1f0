/**
 * The platform's conversation messages the host page exchanges with a live call: what
 * `VoiceClient.addMessage` sends (`add-message`) and what `toolCallsOf` reads from the
 * platform's client-side `tool-calls` messages.
 */
import { VoiceError } from './errors/voice-error.ts';
import type { JsonObject, VoiceMessage } from './types.ts';

/** A message added to the conversation of a live call (the platform's chat-message shape). */
export interface ConversationMessage {
  /**
   * `user`: the visitor said it (typed text in a hybrid widget); `system`: context for the model
   * that nobody said ("The visitor opened the pricing page"); `assistant`: put words in its mouth.
   */
  role: 'system' | 'user' | 'assistant' | (string & {});
  content: string;
}

/** Options of `VoiceClient.addMessage`. */
export interface AddMessageOptions {
  /**
   * Whether the assistant should answer the added message at once. Omitted: the platform's
   * default (it answers a `user` message).
   */
  triggerResponseEnabled?: boolean;
}

/**
 * The app message that adds `message` to a live call's conversation (`VoiceClient.addMessage`).
 * @throws VoiceError `validation-error` when `role` or `content` is not a string.
 */
export function addMessageOf(
  message: ConversationMessage,
  { triggerResponseEnabled }: AddMessageOptions,
): VoiceMessage {
  if (typeof message?.role !== 'string' || !message.role || typeof message.content !== 'string') {
    throw new VoiceError('validation-error', 'addMessage needs a message with a string role and content.');
  }
  return { type: 'add-message', message: { role: message.role, content: message.content }, triggerResponseEnabled };
}

/** One function call the model asked the page to run (from a `tool-calls` message). */
export interface ToolCall {
  /** The platform's id of this call. */
  id: string;
  /** The function's name, as in the assistant's tool definition. */
  name: string;
  /** The arguments, parsed (`{}` when there are none). */
  arguments: JsonObject;
}

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Arguments as the platform sends them (a JSON string, or already an object); null when unusable. */
function argumentsOf(value: unknown): JsonObject | null {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  return isObject(value) ? value : null;
}

/**
 * The function calls in a platform message of type `tool-calls` (`toolCallList[]`, each
 * `{ id, type: 'function', function: { name, arguments } }`, `arguments` a JSON string or an
 * object). Anything else, and malformed entries (no id or name, arguments that are not a JSON
 * object), are skipped: it never throws, so it is safe on any `message` event.
 *
 * The platform's client-side tools are for effects in the page (open a form, scroll to a
 * section): nothing the page returns reaches the model. To tell the model what happened, add a
 * message to the conversation: `client.addMessage({ role: 'system', content: 'The form is open.' })`.
 *
 * @example
 * client.on('message', (message) => {
 *   for (const call of toolCallsOf(message)) if (call.name === 'openContactForm') openForm(call.arguments);
 * });
 */
export function toolCallsOf(message: unknown): ToolCall[] {
  if (!isObject(message) || message.type !== 'tool-calls' || !Array.isArray(message.toolCallList)) return [];
  const calls: ToolCall[] = [];
  for (const entry of message.toolCallList as unknown[]) {
    if (!isObject(entry) || !isObject(entry.function)) continue;
    const { id } = entry;
    const { name } = entry.function;
    const args = argumentsOf(entry.function.arguments);
    if (typeof id !== 'string' || !id || typeof name !== 'string' || !name || !args) continue;
    calls.push({ id, name, arguments: args });
  }
  return calls;
}

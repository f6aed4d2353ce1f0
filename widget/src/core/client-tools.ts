/**
 * Client-side tools: functions of the host page the assistant can ask for during a call. The
 * platform sends a `tool-calls` message naming them; the element and the hook run the matching
 * function of their `clientTools`. Such tools are for effects in the page (scroll to a section,
 * open a form): the platform does not wait for a result and nothing a function returns reaches
 * the model. To tell the model what happened, add a message to the call (`addMessage`).
 *
 * Pure and framework-free (core): the voice engine module exports it to the element and the hook
 * (so chat mode and the loader never download it), and headless clients can use it on their own
 * `message` events. Never throws and never leaves a rejection unhandled: an unknown tool and a failing function are reported, once each.
 */
import { ToolError } from './errors/tool-error.ts';
import { toolCallsOf, type ToolCall } from './messages.ts';
import type { JsonObject } from './types.ts';

export { ToolError, isToolError, type ToolProblemKind } from './errors/tool-error.ts';

export type { ToolCall } from './messages.ts';

/**
 * A client-side tool: gets the call's parsed arguments (`{}` when none) and the whole call (id,
 * name, arguments). May be async; its result is ignored (see the module comment).
 */
export type ClientToolHandler = (args: JsonObject, call: ToolCall) => void | Promise<void>;

/** Client-side tools by function name, as named in the assistant's tool definitions. */
export type ClientTools = Readonly<Record<string, ClientToolHandler>>;

/** What `runClientTools` reports to. */
export interface ToolSink {
  /**
   * Told of each call before it runs (e.g. the `ringwise-tool-call` DOM event). Returns `false`
   * when a listener took the call on itself (`preventDefault()`): then a call with no function in
   * `tools` is not an error.
   */
  announce(call: ToolCall): boolean;
  /** A call named no function in `tools` (and nobody took it), or its function threw or rejected. */
  fail(error: ToolError): void;
}

/**
 * Runs the client-side tools a platform message asks for (`tool-calls`; any other message is
 * ignored), each once, in order, without waiting for async ones. Returns the calls it found.
 */
export function runClientTools(message: unknown, tools: ClientTools | null | undefined, sink: ToolSink): ToolCall[] {
  const calls = toolCallsOf(message);
  for (const call of calls) {
    const taken = !sink.announce(call);
    const handler = tools && Object.hasOwn(tools, call.name) ? tools[call.name] : undefined;
    if (typeof handler !== 'function') {
      if (!taken) sink.fail(new ToolError('unknown-tool', `No client tool is registered for "${call.name}".`, call));
      continue;
    }
    // The executor runs the function now; a throw and a rejection both end in the catch.
    new Promise<void>((resolve) => resolve(handler(call.arguments, call))).catch((cause: unknown) => {
      const reason = cause instanceof Error ? cause.message : String(cause);
      sink.fail(new ToolError('tool-failed', `The client tool "${call.name}" failed: ${reason}`, call, cause));
    });
  }
  return calls;
}

import type { ToolCall } from '../messages.ts';

/** Why a tool call was not run, or failed. */
export type ToolProblemKind = 'unknown-tool' | 'tool-failed';

/**
 * A client-side tool that could not run (`unknown-tool`: no function of that name) or failed
 * (`tool-failed`: it threw or rejected; what it threw is the `cause`). The `error` event's
 * payload for tool problems. Tell it apart with `isToolError`, which compares `name` so it also
 * works across bundle copies.
 */
export class ToolError extends Error {
  /** Stable kind. */
  readonly type: ToolProblemKind;
  /** The call that failed. */
  readonly tool: ToolCall;

  /**
   * @param type Stable kind.
   * @param message Human-readable message.
   * @param tool The call that failed.
   * @param cause What the function threw or rejected with (`tool-failed`).
   */
  constructor(type: ToolProblemKind, message: string, tool: ToolCall, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ToolError';
    this.type = type;
    this.tool = tool;
  }
}

/**
 * True when `error` is a `ToolError` (compared by name), optionally of the given `type`.
 * @param error Anything caught or received.
 * @param type Only accept this kind.
 */
export function isToolError(error: unknown, type?: ToolProblemKind): error is ToolError {
  return error instanceof Error && error.name === 'ToolError' && (!type || (error as ToolError).type === type);
}

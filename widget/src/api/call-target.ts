/**
 * The wire shapes of `POST /call/web` that both the API layer and the voice core use: the call
 * target (request body), the web call (response) and the open JSON record they are built from.
 *
 * Their one home is here, at the bottom of the layers: the core imports the API layer
 * (`createWebCall`), so the API layer must not import the core back. `core/types.ts` re-exports
 * these types, so every core consumer keeps importing them from there. Types only: no runtime code.
 */

/** Open JSON record: fields the spec does not describe pass through untyped but not `any`. */
export type JsonObject = { [key: string]: unknown };

/**
 * What to call: exactly one of assistant | assistantId | squad | squadId | workflow | workflowId,
 * plus optional overrides. Sent as-is in the `POST /call/web` body.
 */
export interface CallTarget {
  assistant?: JsonObject;
  assistantId?: string;
  assistantOverrides?: JsonObject;
  squad?: JsonObject;
  squadId?: string;
  workflow?: JsonObject;
  workflowId?: string;
  workflowOverrides?: JsonObject;
}

/** The body of `POST /call/web`: the target, and whether the room outlives the visitor's leaving. */
export interface WebCallBody extends CallTarget {
  /**
   * `false` keeps the room when the visitor leaves, so the call can be rejoined
   * (`VoiceClient.reconnect`); omitted: the platform's default (`true`: the room is deleted when
   * the visitor leaves, and the call ends).
   */
  roomDeleteOnUserLeaveEnabled?: boolean;
}

/** The fields of the `POST /call/web` response the client reads (spec §3). */
export interface WebCall extends JsonObject {
  id: string;
  webCallUrl: string;
  artifactPlan?: { videoRecordingEnabled?: boolean } & JsonObject;
  assistant?: { voice?: { provider?: string } & JsonObject } & JsonObject;
  /**
   * How to join: `callToken` is the room's meeting token when the platform sends one (with a video
   * recording, it starts the recording at join). Passed to the join as-is.
   */
  transport?: { callToken?: string } & JsonObject;
}

/**
 * A start's `web-call-creation` stage: its web call comes from the `POST /call/web` the caller
 * adopted (already in flight), else from one asked of the call request's owner (call-request.ts),
 * read as `createWebCall` reads it and reported as every start stage is.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import { readWebCall, requestWebCall } from '../api/web-call.ts';
import { sendCallRequest } from './call-request.ts';
import { runStage, untilAborted } from './start-stages.ts';
import type { CallTarget, WebCall } from './types.ts';
import type { VoiceClientOptions } from './voice-options.ts';
import type { VoiceSession } from './voice-session.ts';

/**
 * Runs the `web-call-creation` stage of a start.
 * @param s The starting session (its abort signal cancels the request, or the wait for an adopted one).
 * @param options The client's options (public key, API base URL, fetch, room hosts).
 * @param target The call target, sent as the request body.
 * @param request The adopted request (`VoiceStartOptions.request`), if any.
 * @param roomDeleteOnUserLeaveEnabled Sent with the target (`VoiceStartOptions`).
 * @returns The web call (the stage's result; a failure rejects, as every stage's does).
 */
export function runWebCallStage(
  s: VoiceSession,
  options: VoiceClientOptions,
  target: CallTarget,
  request: Promise<Response> | undefined,
  roomDeleteOnUserLeaveEnabled: boolean | undefined,
): Promise<WebCall> {
  const { signal } = s.abort;
  return runStage(
    s,
    'web-call-creation',
    null,
    () =>
      readWebCall(
        request
          ? untilAborted(request, signal)
          : sendCallRequest(
              requestWebCall,
              {
                baseUrl: options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
                token: options.publicKey,
                fetch: options.fetch,
                signal,
              },
              { ...target, roomDeleteOnUserLeaveEnabled },
            ),
        signal,
        options.roomHosts,
      ),
    // The web call, for what depends on it (`./vapi` reports its fields as @vapi-ai/web does).
    { completed: (webCall) => ({ webCall }) },
  ) as Promise<WebCall>;
}

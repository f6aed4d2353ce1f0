/**
 * Pre-call network diagnostics with a throwaway daily-js call object (the `./vapi` entry's
 * `Vapi.runNetworkTestsStandalone()`, as `@vapi-ai/web` runs them): TURN relay with a camera track,
 * websocket reachability, then call quality when daily-js has it. Each test reports
 * `{ result: 'error', error }` instead of throwing; the call object is always destroyed.
 */
import Daily from '@daily-co/daily-js';
import { LOG_PREFIX } from '../core/log.ts';
import { dropSpare } from './index.ts';

/** Results by test: `networkConnectivity`, `websocketConnectivity`, `callQuality` (and `error`). */
export async function runNetworkTests(): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  const failed = (error: unknown, extra?: object) => ({ result: 'error', error: String(error), ...extra });
  let call: ReturnType<typeof Daily.createCallObject> | null = null;
  try {
    // A call object made ahead of a call (a widget's warm start) would make this one a duplicate.
    await dropSpare();
    call = Daily.createCallObject({ audioSource: true, videoSource: true });
    let track: MediaStreamTrack | undefined;
    try {
      track = (await navigator.mediaDevices.getUserMedia({ video: true })).getVideoTracks()[0];
      results.networkConnectivity = await call.testNetworkConnectivity(track!);
    } catch (error) {
      results.networkConnectivity = failed(error);
    } finally {
      track?.stop();
    }
    try {
      results.websocketConnectivity = await call.testWebsocketConnectivity();
    } catch (error) {
      results.websocketConnectivity = failed(error);
    }
    if (typeof call.testCallQuality !== 'function') {
      results.callQuality = { result: 'not-available', message: 'testCallQuality method not available' };
    } else {
      try {
        await call.startCamera();
        results.callQuality = await call.testCallQuality();
      } catch (error) {
        results.callQuality = failed(error, {
          message: 'Failed to initialize camera for call quality test. Check camera permissions.',
        });
      }
    }
  } catch (error) {
    results.error = String(error);
  } finally {
    await call
      ?.destroy()
      .catch((error: unknown) => console.error(`${LOG_PREFIX} could not destroy the test call object`, error));
  }
  return results;
}

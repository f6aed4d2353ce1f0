/**
 * Page stubs for the engines driven without Playwright (engines-smoke.spec.ts), as source text a
 * host page runs as its first script (tests/fixtures/host-page `init`): classic WebDriver cannot
 * add a script before the page's own, so the page carries it.
 */

/**
 * A granted microphone: `getUserMedia` answers a live, silent track, and each call is counted in
 * sessionStorage (`microphone-requests`), as preparePage (widget-helpers.ts) does for Chromium.
 *
 * The WebKit lesson (issue 39): stub `MediaDevices.prototype.getUserMedia`, never
 * `navigator.mediaDevices.getUserMedia = …`. WebKit silently drops a property assigned on that
 * instance, so the page then asks the real microphone (and in a headless run waits on a prompt no
 * one answers); the prototype's method is replaced in every engine.
 */
export const MICROPHONE_STUB = `(() => {
  sessionStorage.setItem('microphone-requests', '0');
  if (typeof MediaDevices === 'undefined') return;
  MediaDevices.prototype.getUserMedia = async function getUserMedia() {
    sessionStorage.setItem('microphone-requests', String(Number(sessionStorage.getItem('microphone-requests')) + 1));
    return new AudioContext().createMediaStreamDestination().stream;
  };
})();
`;

/** What the benches' loopback provider answers to the widget's call request. */

/**
 * The provider's answer to `POST /call/web` in the benches: a well-formed call whose room is on
 * `roomHost` (on a Daily host every subject's join goes to Daily; elsewhere it cannot be reached).
 */
export function benchCallAnswer(roomHost: string) {
  return {
    id: 'call-bench',
    webCallUrl: `https://${roomHost}/bench-room`,
    artifactPlan: { videoRecordingEnabled: false },
    assistant: { voice: { provider: '11labs' } },
  };
}

/** Progress lines for `npm run bench`: elapsed time since the start, then the message. */

const started = performance.now();

/** Seconds since the bench started. */
export function elapsedSeconds(): number {
  return (performance.now() - started) / 1000;
}

/** Prints one progress line, e.g. `[01:23] lighthouse / mobile run 2/3 …`. */
export function progress(message: string): void {
  const s = Math.floor(elapsedSeconds());
  const stamp = `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  console.log(`[${stamp}] ${message}`);
}

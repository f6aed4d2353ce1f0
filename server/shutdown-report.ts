/**
 * The last line of a shutdown (SIGTERM, SIGINT): says that the server stopped cleanly and what it
 * finished first, so an operator reading the journal knows nothing was left half-done.
 */
import type { ShutdownReport } from './app.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Stopped cleanly: …." from what {@link RunningServer.close} finished. */
export function stoppedLine(report: ShutdownReport): string {
  const finished = report.openRequests - report.cutOff;
  const parts = [
    report.openRequests === 0 ? 'no request was open' : `${plural(finished, 'open request')} finished`,
    ...(report.cutOff
      ? [
          `${plural(report.cutOff, 'request')} still open after the grace period had ` +
            `${report.cutOff === 1 ? 'its connection' : 'their connections'} closed`,
        ]
      : []),
    ...(report.steps ? [`${plural(report.steps, 'shutdown step')} ran (deliveries in flight)`] : []),
    ...(report.database === 'embedded'
      ? ['PostgreSQL stopped']
      : report.database === 'url'
        ? ['the connections to DATABASE_URL closed']
        : []),
  ];
  return `Stopped cleanly: ${parts.join('; ')}.`;
}

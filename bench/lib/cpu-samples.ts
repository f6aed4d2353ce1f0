/**
 * The V8 sampling profiler's samples in a Chromium trace, per thread (bench/click-join-trace.ts):
 * when, how long, the leaf frame and its stack, each frame named by `original` (a source map's
 * position, or the file's). Measurement only: nothing of it ships.
 */

/** One event of a Chromium trace (the fields the trace tools read). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & {
      url?: string;
      cpuProfile?: CpuProfileChunk;
      timeDeltas?: number[];
      type?: string;
    };
  };
}

/** A chunk of the V8 sampling profiler's profile, in a trace. */
export interface CpuProfileChunk {
  nodes?: Array<{
    id: number;
    parent?: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples?: number[];
}

/** The sampling profiler's samples on one thread: when, how long, and the leaf frame (mapped). */
export function cpuSamples(
  events: TraceEvent[],
  pid: number,
  tid: number,
  original: (url: string, line: number, column: number) => string,
): Array<{ ts: number; ms: number; frame: string; stack: string }> {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile?.id);
  const nodes = new Map<number, string>();
  const parents = new Map<number, number>();
  const stackOf = (id: number): string => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined && names.length < 12; at = parents.get(at))
      names.push(nodes.get(at) ?? '?');
    return names.join(' ← ');
  };
  const result: Array<{ ts: number; ms: number; frame: string; stack: string }> = [];
  let ts = Number((profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const f = node.callFrame;
      nodes.set(
        node.id,
        f.url ? `${f.functionName || '(anonymous)'} ${original(f.url, f.lineNumber, f.columnNumber)}` : f.functionName,
      );
      if (node.parent !== undefined) parents.set(node.id, node.parent);
    }
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      const delta = deltas[i] ?? 0;
      ts += delta;
      result.push({
        ts,
        ms: Math.max(0, deltas[i + 1] ?? delta) / 1000,
        frame: nodes.get(id) ?? '?',
        stack: stackOf(id),
      });
    });
  }
  return result;
}

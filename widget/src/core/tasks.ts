/**
 * Resolves in a later task. A request made with `fetch` leaves the page only when the task that
 * made it ends, so after sending one, work that can wait (starting the call, drawing the reply)
 * waits for this (measured: a call start in the click's task kept the request ≈ 20–40 ms).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/**
 * Resolves in a task queued behind every message already posted in this page: a MessageChannel's
 * message keeps its place among `postMessage`'s (Chromium runs them in one queue, in order), and
 * daily-js hands the join to its call machine with `window.postMessage`. So work that waits for
 * this after the join was asked for runs once the call machine has it (issue 35: nothing of ours
 * between the machine's arrival and its start). Not `scheduler.yield()`: its continuation jumps
 * ahead of tasks already queued, the machine's message among them. Also how long work is split:
 * each piece its own task, so none holds the main thread past 50 ms.
 */
export const afterQueued = (): Promise<void> =>
  new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve(); // (the ports are dropped with it: nothing to close)
    // From a microtask: behind the messages the code running now still posts too (daily-js emits
    // `joining-meeting`, whose listeners may call this, then posts the join in the same run).
    queueMicrotask(() => port2.postMessage(0));
  });

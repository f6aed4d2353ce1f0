/**
 * Resolves in a later task. A request made with `fetch` leaves the page only when the task that
 * made it ends, so after sending one, work that can wait (starting the call, drawing the reply)
 * waits for this (measured: a call start in the click's task kept the request ≈ 20–40 ms).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

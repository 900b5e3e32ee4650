// A yield to the browser between two pieces of work (issue 7: on a phone each task over 50 ms
// counts as blocking, and this machine's tasks take about four times longer there).

interface Scheduler {
  yield?: () => Promise<void>;
}

/** A promise settled in a task of its own: scheduler.yield where the browser has it, else a timer. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A job every instance runs on its own timer: once shortly after start (jittered, so instances
// started together do not run in step), then at an interval. A run slower than the interval is not
// joined by the next tick; stop() waits for a running one. The work itself must be safe to run in
// several instances at once.

export interface PeriodicJob<Result> {
  /** One run now (or the one already running); used by tests. */
  runOnce(): Promise<Result>;
  stop(): Promise<void>;
}

export interface PeriodicJobOptions<Result> {
  intervalMs: number;
  /** Delay of the first run; by default between one and two times `firstDelayBaseMs`. */
  firstDelayMs?: number;
  firstDelayBaseMs: number;
  onResult?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

export function startPeriodicJob<Result>(
  run: () => Promise<Result>,
  options: PeriodicJobOptions<Result>,
): PeriodicJob<Result> {
  let running: Promise<Result> | undefined;
  let stopped = false;

  function runOnce(): Promise<Result> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function tick() {
    if (stopped || running) return;
    runOnce().then(options.onResult, options.onError);
  }

  const first = setTimeout(tick, options.firstDelayMs ?? options.firstDelayBaseMs * (1 + Math.random()));
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

// For bench:web: how long the page's main thread waited for a core during a Lighthouse run, as
// Linux accounts it (/proc/<pid>/task/<pid>/schedstat: time on a CPU, time runnable but waiting on
// the run queue). Lighthouse's simulated TBT multiplies each task's observed wall time by 4, and a
// task's wall time includes that wait: a machine short of cores scores the same page lower. The
// wall ÷ CPU of the trace says so indirectly; this is the kernel's own figure. Without /proc (not
// Linux) the readings are empty and the columns say n/a.
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadTimes {
  /** Milliseconds on a CPU. */
  cpuMs: number;
  /** Milliseconds runnable but waiting for a CPU. */
  waitMs: number;
}

/** The main thread of every Chromium renderer now, by process id (a renderer's main thread has the
 * process's own id): its CPU time and run-queue wait so far. */
export function rendererMainThreads(): Map<number, ThreadTimes> {
  const threads = new Map<number, ThreadTimes>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return threads;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const [cpuNs, waitNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
        .split(' ')
        .map(Number);
      if (cpuNs === undefined || waitNs === undefined) continue;
      threads.set(Number(pid), { cpuMs: cpuNs / 1e6, waitMs: waitNs / 1e6 });
    } catch {
      // ended meanwhile, or another user's
    }
  }
  return threads;
}

/** What the busiest renderer main thread (the page's; about:blank's does next to nothing) used and
 * waited between two readings; a renderer started in between counts from zero. NaN when none. */
export function busiestMainThread(
  before: Map<number, ThreadTimes>,
  after: Map<number, ThreadTimes>,
): ThreadTimes {
  let busiest: ThreadTimes = { cpuMs: Number.NaN, waitMs: Number.NaN };
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? { cpuMs: 0, waitMs: 0 };
    const cpuMs = now.cpuMs - then.cpuMs;
    if (!(cpuMs <= busiest.cpuMs)) busiest = { cpuMs, waitMs: now.waitMs - then.waitMs };
  }
  return busiest;
}

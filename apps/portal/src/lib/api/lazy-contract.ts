// The contracts that check the answers of RTK Query calls, loaded with the first call that needs them
// (issue 7): every API module of the portal takes its contract through this, never by an import()
// started as the module runs (the chunk plan evaluates a shared API module on every page that
// shares it, including pages that never make its calls).
import { nextTask } from '../next-task.ts';

/** `value`, in a later task: the main thread gets a turn first. */
const later = <Value>(value: Value): Promise<Value> => nextTask().then(() => value);

/**
 * A contract module, asked for when the first call that needs it starts (the page has hydrated by
 * then) rather than when the calling module runs, and kept; a failed download is tried again by the
 * next call. zod's set-up (zod-jitless.ts, with zod itself) is evaluated first, then the contract,
 * whose schemas are built as it is evaluated: two tasks, each short, instead of one long one ahead of
 * the page's first answer on a phone. Both download while the call is under way.
 */
export function lazyContract<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let module: Promise<Module> | undefined;
  return () => {
    // A task boundary after each step: zod's evaluation, the schemas' building and the first parse
    // (in the caller's continuation) each get a task of their own.
    module ??= import('../../config/zod-jitless.ts').then(later).then(load).then(later);
    module.catch(() => {
      module = undefined;
    });
    return module;
  };
}

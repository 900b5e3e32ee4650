// Hydrating the server's first view in parts (issue 7: Total Blocking Time on a phone). Preact
// hydrates a tree in one synchronous pass, where React 19 hydrates inside a transition in slices that
// yield; measured at 4x CPU throttle on Home, Preact's one hydration task was 120-230 ms. Each part
// below suspends once while the app hydrates, until a task of its own: Preact keeps the server's DOM
// of a suspended part (the range between its `$s` markers, id-scope.tsx) and hydrates it when the
// part resumes, so the header, the page and the footer hydrate in separate tasks and the browser
// can paint and answer input between them. Nothing the visitor sees changes: the server's nodes stay
// where they are, and become the app's when their part resumes. After the first hydration a part
// renders at once (a later page, or a view the app draws itself).
import { Component, type ReactNode, Suspense } from 'react';
import { IdScope, marker } from './id-scope.tsx';
import { nextTask } from './next-task.ts';

// Parts suspend while the first hydration is under way: from hydrateInParts until every part that
// suspended has resumed (a part inside another suspends when the outer one resumes, so the phase
// lasts as long as some part is waiting), then never again.
let hydrating = false;
let waiting = 0;
let onHydrated: (() => void)[] = [];

function finish(): void {
  hydrating = false;
  const done = onHydrated;
  onHydrated = [];
  for (const resolve of done) resolve();
}

/** Runs `hydrate` (a synchronous hydrateRoot) with the parts below suspending until a later task. */
export function hydrateInParts(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    if (waiting === 0) finish();
  }
}

/** True while the app hydrates the server's view (until its last part has resumed). */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * Settles once the last part has resumed (at once outside the first hydration). Until then the
 * server's view stays inert (main.tsx): a field typed into before its part was the app's would be
 * emptied by the form taking it over.
 */
export function whenHydrated(): Promise<void> {
  if (!hydrating) return Promise.resolve();
  return new Promise((resolve) => onHydrated.push(resolve));
}

/**
 * While the app hydrates, keeps the phase open until `settled` has settled and the part it resumes
 * has re-rendered (Preact re-renders a resumed part in a microtask of the task that settles it; the
 * phase is counted done a task later): the parts inside then suspend too, each until a task of its
 * own. Outside the first hydration it does nothing.
 */
export function holdHydration(settled: Promise<unknown>): void {
  if (!hydrating) return;
  waiting++;
  const release = () =>
    setTimeout(() => {
      waiting--;
      if (waiting === 0) finish();
    }, 0);
  void settled.then(release, release);
}

/**
 * Suspends on its first render while the app hydrates, until a task of its own. The instance is
 * kept while it is suspended (Preact re-renders the same one), so it waits once.
 */
class AfterYield extends Component<{ children: ReactNode }> {
  private waited = false;

  override render() {
    if (!this.waited && hydrating) {
      this.waited = true;
      const resumed = nextTask();
      holdHydration(resumed);
      throw resumed;
    }
    return this.props.children;
  }
}

/**
 * A part of the page that hydrates in a task of its own. Its useId values are counted in its own
 * scope (id-scope.tsx), so they do not depend on when it hydrates; on the server, and in
 * any render but the first hydration, it renders its children in place.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return (
    <IdScope>
      <Suspense fallback={null}>
        {marker('$s')}
        <AfterYield>{children}</AfterYield>
        {marker('/$s')}
      </Suspense>
    </IdScope>
  );
}

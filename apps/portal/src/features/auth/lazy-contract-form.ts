// A form checked by a contract schema that is loaded after the page, not with it (issue 7): the page's
// first load holds react-hook-form only; zod, the resolver and the contract module (which builds its
// schemas as it is evaluated, tens of milliseconds of a phone's main thread) come when the customer
// starts working in the page (a field focused, a tap, a key), or at the form's first check if that
// is sooner, as the contact form's schemas do. A visitor who reads the page and leaves downloads and
// parses none of it. The same validation as before: the contract's own schema, through
// @hookform/resolvers' zodResolver. Every form of the portal uses it, so that no page loads zod
// before it is drawn (budget.e2e.ts).
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** A resolver that loads its schema (and zod) on first use or on preload(), and keeps it. */
export interface LazyContractResolver<Input extends FieldValues, Output extends FieldValues>
  extends Resolver<Input, unknown, Output> {
  /** Starts loading the schema and zod; what the first check would otherwise wait for. */
  preload: () => Promise<unknown>;
}

export function lazyContractResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<z.ZodType<Output, Input>>,
): LazyContractResolver<Input, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  const ready = () => {
    resolver ??= Promise.all([import('../../components/contract-resolver.ts'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
    );
    // A failed download is tried again at the next check.
    resolver.catch(() => {
      resolver = undefined;
    });
    return resolver;
  };
  const lazy = (async (values, context, options) =>
    (await ready())(values, context, options)) as LazyContractResolver<Input, Output>;
  lazy.preload = ready;
  return lazy;
}

const FIRST_WORK = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Runs `run` once, at the customer's first sign of working in the page: a form's field focused, a
 * tap or a click anywhere, a key pressed; returns a cancel function. A focus the page moves itself
 * (to a heading after a route change) is not one.
 */
function onFirstWork(run: () => void): () => void {
  const cancel = () => {
    for (const type of FIRST_WORK) document.removeEventListener(type, handle, true);
  };
  function handle(event: Event) {
    const inForm = event.target instanceof Element && event.target.closest('form') !== null;
    if (event.type === 'focusin' && !inForm) return;
    cancel();
    run();
  }
  for (const type of FIRST_WORK) document.addEventListener(type, handle, { capture: true, passive: true });
  return cancel;
}

/**
 * A form whose fields hold the schema's input and whose submit handler receives its parsed output,
 * checked by a resolver from lazyContractResolver (made once, outside the component).
 */
export function useLazyContractForm<Input extends FieldValues, Output extends FieldValues>(
  resolver: LazyContractResolver<Input, Output>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  useEffect(
    () =>
      onFirstWork(() => {
        resolver.preload().catch(() => undefined);
      }),
    [resolver],
  );
  return useForm<Input, unknown, Output>({ resolver, defaultValues });
}

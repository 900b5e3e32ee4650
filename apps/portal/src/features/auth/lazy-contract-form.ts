// A form checked by a contract schema that is loaded after the page, not with it (issue 7): the page's
// first load holds react-hook-form only; zod, the resolver and the contract module (which builds its
// schemas as it is evaluated, tens of milliseconds of a phone's main thread) come when the browser
// is idle after the form is drawn, or at the form's first check if that is sooner. The same
// validation as before: the contract's own schema, through @hookform/resolvers' zodResolver. Every
// form of the portal uses it, so that no page loads zod before it is drawn (budget.e2e.ts).
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

/** Runs `run` once the browser is idle after the page has loaded; returns a cancel function. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(run, 300);
  return () => clearTimeout(timer);
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
      whenIdle(() => {
        resolver.preload().catch(() => undefined);
      }),
    [resolver],
  );
  return useForm<Input, unknown, Output>({ resolver, defaultValues });
}

// A form checked by a contract schema that is loaded at its first check, not with the page: the
// contract module builds its zod schemas as it is evaluated, tens of milliseconds of a phone's main
// thread in the page's first render (issue 7: total blocking time). Otherwise as useContractForm.
import '../../config/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** A resolver that loads its schema on first use and keeps it. */
export function lazyContractResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then((schema) => zodResolver(schema));
    return (await resolver)(values, context, options);
  };
}

/** useContractForm with a resolver from lazyContractResolver (made once, outside the component). */
export function useLazyContractForm<Input extends FieldValues, Output extends FieldValues>(
  resolver: Resolver<Input, unknown, Output>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ resolver, defaultValues });
}

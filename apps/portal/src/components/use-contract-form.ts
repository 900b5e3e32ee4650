// Before any schema is used: zod's compiled parsers would trip the CSP (see zod-jitless.ts).
import '../config/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a contract schema: the fields hold the schema's input, and the submit handler
 * receives its parsed output, so that the portal validates with the server's own rules.
 */
export function useContractForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}

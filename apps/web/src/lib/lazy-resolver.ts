/**
 * A form's rules as a chunk of their own. react-hook-form awaits its resolver, so a form can draw
 * and take typing before its zod schema (and, with a phone, libphonenumber-js's numbering plans)
 * has loaded: the chunk is fetched when the form first validates (react-hook-form works out whether
 * the form is valid as it mounts, after the first paint) and the messages are the same, only
 * resolved once it has arrived. Used by the sign-in screen (bench/README.md, "First load").
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((e: unknown) => {
      loading = undefined; // offline for a moment: the next validation tries again
      throw e;
    });
    return (await loading)(values, context, options);
  };
}

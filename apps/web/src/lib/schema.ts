/**
 * For a zod rule of a whole form (`.refine(fn, { path, when })`) that should run as soon as the one
 * field it checks is valid, whatever the other fields are: zod otherwise skips object rules until
 * every field passes, so the message would show only at the very end.
 */
export const fieldIsValid =
  (field: string) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => issue.path?.[0] === field);

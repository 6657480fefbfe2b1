/** A setting the function cannot run without (a table, bucket or bus name): a clear error when it is missing. */
export const requiredEnv = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: this function's entry (shared/src/routes.ts or event-rules.ts) must grant it in \`needs\``);
  }
  return value;
};

// Without zod, so a page that only words a name's problems (sign-in's messages) does not load the schema library.
/** The longest display name, in UTF-16 code units after normalising. */
export const MAX_NAME_LENGTH = 80;

/** What the name checks say, in the forms and in the API's validation issues alike. */
export const nameMessages = {
  missing: 'Enter your name.',
  malformed: 'A name must be well-formed text.',
  controls: 'A name cannot hold control characters.',
  invisible: 'A name needs at least one visible letter, digit or sign.',
} as const;

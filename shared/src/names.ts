import * as z from 'zod';
import { MAX_NAME_LENGTH, nameMessages } from './name-messages';

export { MAX_NAME_LENGTH, nameMessages };

/** Half of a surrogate pair without its other half: text that is not Unicode, which encoders replace or refuse. */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 and C1 controls (a newline in a name breaks e-mail headers and CSV lines). */
const CONTROL = /\p{Cc}/u;
/** Bidi embeddings, overrides and isolates: they reorder the text around a name, so a name could pass for another. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * A character that draws something: a letter, digit, punctuation or symbol, except the fillers that are letters or
 * symbols on paper but blank on screen (Hangul fillers, the blank Braille pattern). Spaces (Z*), formats such as
 * the zero-width space and joiners (Cf) and combining marks on their own (M*) draw nothing a reader can see.
 */
const VISIBLE = /(?![\u115F\u1160\u3164\uFFA0\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * A person's name as the product stores and shows it: well-formed Unicode, normalised to NFC (so the same name
 * typed on two keyboards is the same string), trimmed, with at least one visible character and no control or
 * bidi-override characters. The one schema every written name goes through.
 */
export const personNameSchema = (max = MAX_NAME_LENGTH) =>
  z
    .string()
    .refine((name) => !LONE_SURROGATE.test(name), nameMessages.malformed)
    .normalize('NFC')
    .trim()
    .min(1, nameMessages.missing)
    .max(max)
    .refine((name) => !CONTROL.test(name) && !BIDI_CONTROL.test(name), nameMessages.controls)
    .refine((name) => VISIBLE.test(name), nameMessages.invisible);

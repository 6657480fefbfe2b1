import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, nameMessages, personNameSchema } from './names';
import { profileInputSchema } from './mentoring/profile';

const schema = personNameSchema();

describe('personNameSchema', () => {
  it.each([
    ['a plain name', 'Ada Lovelace'],
    ['accents', 'Zoë Ørsted'],
    ['Chinese', '李小龍'],
    ['Arabic', 'نور الهدى'],
    ['Devanagari with a zero-width joiner', 'क्\u200Dष'],
    ['an emoji sequence', 'Sam 👩‍💻'],
    ['one letter', 'X'],
    ['a name of the longest length', 'a'.repeat(MAX_NAME_LENGTH)],
  ])('accepts %s', (_, name) => {
    expect(schema.safeParse(name)).toEqual({ success: true, data: name });
  });

  it('normalises to NFC and trims', () => {
    expect(schema.parse('  Jose\u0301\u00A0')).toBe('Jos\u00E9');
    // Ångström sign and A with ring above are canonically the same letter.
    expect(schema.parse('\u212Bsa')).toBe('\u00C5sa');
  });

  it.each([
    ['an empty name', '', nameMessages.missing],
    ['spaces only', ' \u00A0\u3000 ', nameMessages.missing],
    ['zero-width characters only', '\u200B\u200C\u200D\u2060\uFEFF', nameMessages.invisible],
    ['combining marks only', '\u0301\u0308', nameMessages.invisible],
    ['Hangul fillers', '\u3164\u115F\uFFA0', nameMessages.invisible],
    ['blank Braille', '\u2800', nameMessages.invisible],
    ['a lone high surrogate', 'Ada \uD800', nameMessages.malformed],
    ['a lone low surrogate', '\uDC00Ada', nameMessages.malformed],
    ['a newline', 'Ada\nLovelace', nameMessages.controls],
    ['a NUL', 'Ada\u0000', nameMessages.controls],
    ['a right-to-left override', 'Ada \u202Eecalevol', nameMessages.controls],
    ['an isolate', 'Ada \u2067x\u2069', nameMessages.controls],
  ])('refuses %s', (_, name, message) => {
    const result = schema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('refuses a name longer than the limit after normalising', () => {
    expect(schema.safeParse('a'.repeat(MAX_NAME_LENGTH + 1)).success).toBe(false);
    // 80 decomposed é are 160 code units before NFC and 80 after.
    expect(schema.safeParse('e\u0301'.repeat(MAX_NAME_LENGTH)).success).toBe(true);
  });

  it('is what the profile checks its display name with', () => {
    const profile = {
      role: 'mentee',
      headline: '',
      bio: '',
      languages: ['en'],
      country: 'GB',
      timezone: 'Europe/London',
      availability: [],
      format: 'online',
      codeOfConductVersion: 1,
      topics: ['Career'],
      goals: 'Grow',
    };
    expect(profileInputSchema.safeParse({ ...profile, displayName: '\u200B' }).success).toBe(false);
    expect(profileInputSchema.parse({ ...profile, displayName: 'Jose\u0301' }).displayName).toBe('Jos\u00E9');
  });
});

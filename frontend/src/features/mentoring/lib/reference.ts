/** Names of languages and countries for the viewer, from Intl; the codes and their checks come from shared/. */
import { isCountryCode, LANGUAGE_CODES } from '@mentoring/shared/mentoring-reference';

let languageNames: Intl.DisplayNames | undefined;
let regionNames: Intl.DisplayNames | undefined;

export const languageName = (code: string) => {
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
  return languageNames.of(code) ?? code;
};

export const countryName = (code: string) => {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
};

let languages: { value: string; label: string }[] | undefined;
/** Every ISO 639-1 language, by name. */
export const languageOptions = () =>
  (languages ??= LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) })).sort((a, b) => a.label.localeCompare(b.label)));

/** A code still in use, not an old one Intl maps to today's (UK → GB, DD → DE, YU → RS, SU → RU …). */
const isCurrentCode = (code: string) => new Intl.Locale(`und-${code}`).region === code;

let countries: { value: string; label: string }[] | undefined;
/** Every ISO 3166-1 country or territory Intl can name, by name, each once (old codes would repeat a name). */
export const countryOptions = () => {
  if (countries) return countries;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const codes = [...letters].flatMap((first) => [...letters].map((second) => `${first}${second}`)).filter((code) => isCountryCode(code) && isCurrentCode(code));
  countries = codes.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label));
  return countries;
};

/** The browser's region, as a default country (en-GB → GB), when it is one. */
export const browserCountry = () => {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && isCountryCode(region) ? region : '';
  } catch {
    return '';
  }
};

/** The browser's language as an ISO 639-1 code (de-AT → de), the first suggestion for "languages". */
export const browserLanguage = () => {
  const code = (navigator.language || 'en').split('-')[0]!.toLowerCase();
  return LANGUAGE_CODES.includes(code) ? code : 'en';
};

/** Reference lists the profile is checked against, in the browser and on the server alike. */

/** ISO 639-1 language codes; names come from Intl.DisplayNames in the viewer's language. */
export const LANGUAGE_CODES = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es ' +
  'et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki ' +
  'kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no ' +
  'nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te ' +
  'tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');

const languageSet = new Set(LANGUAGE_CODES);
export const isLanguageCode = (code: string) => languageSet.has(code);

let zones: Set<string> | undefined;
/** An IANA time zone this runtime knows (Intl's own list, plus UTC, which some runtimes leave out of it). */
export const isTimeZone = (zone: string) => {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return zones.has(zone);
};

/** ISO 3166-1 alpha-2 region codes that name a country or territory (not groupings such as EU or UN). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ']);
let regionNames: Intl.DisplayNames | undefined;
export const isCountryCode = (code: string) => {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(code) !== undefined;
};

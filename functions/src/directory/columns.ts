import type { DirectoryEntry } from './cache';

/**
 * What the directory's filter reads of every entry, as small typed arrays: topics and languages as bit masks,
 * the format and the time zone as numbers. A page scans all 5,000 entries, and between two pages the request's
 * other work (the SDK, the HTTP server) pushes the entries' objects out of the CPU's caches: chasing each entry's
 * arrays and sets from memory cost a page ~2.5 ms where the same scan costs ~1 ms hot (`npm run bench -- directory`).
 * The columns are ~40 KB and are read in order. Built once per snapshot (the entries array is the key).
 */
export interface DirectoryColumns {
  /** Lower-case topic → its bit; undefined when the snapshot has more topics than bits (then the filter reads the sets). */
  topicBit: Map<string, number> | undefined;
  topics: Uint32Array;
  /** Language code → its bit; undefined when there are more codes than bits. */
  languageBit: Map<string, number> | undefined;
  languages: Uint32Array;
  /** 0 online, 1 in person, 2 both. */
  formats: Uint8Array;
  zones: string[];
  zoneOf: Uint16Array;
  /** Entry id → its index, to leave out the viewer and the hidden without reading every entry's id. */
  indexOf: Map<string, number>;
}

const BITS = 32;
export const FORMAT_CODE = { online: 0, in_person: 1, both: 2 } as const;

/** A bit per distinct value, or undefined when there are more than fit. */
const dictionary = (values: Iterable<string>) => {
  const bits = new Map<string, number>();
  for (const value of values) {
    if (bits.has(value)) continue;
    if (bits.size === BITS) return undefined;
    bits.set(value, bits.size);
  }
  return bits;
};

const maskOf = (values: Iterable<string>, bits: Map<string, number>) => {
  let mask = 0;
  for (const value of values) {
    const bit = bits.get(value);
    if (bit !== undefined) mask |= 1 << bit;
  }
  return mask >>> 0;
};

const built = new WeakMap<readonly DirectoryEntry[], DirectoryColumns>();

export const columnsOf = (entries: readonly DirectoryEntry[]): DirectoryColumns => {
  let columns = built.get(entries);
  if (columns) return columns;
  const count = entries.length;
  const topicBit = dictionary(entries.flatMap((entry) => [...entry.topics]));
  const languageBit = dictionary(entries.flatMap((entry) => entry.languages));
  const zones: string[] = [];
  const zoneIndex = new Map<string, number>();
  columns = {
    topicBit,
    topics: new Uint32Array(count),
    languageBit,
    languages: new Uint32Array(count),
    formats: new Uint8Array(count),
    zones,
    zoneOf: new Uint16Array(count),
    indexOf: new Map(),
  };
  for (let index = 0; index < count; index += 1) {
    const entry = entries[index]!;
    if (topicBit) columns.topics[index] = maskOf(entry.topics, topicBit);
    if (languageBit) columns.languages[index] = maskOf(entry.languages, languageBit);
    columns.formats[index] = FORMAT_CODE[entry.format];
    let zone = zoneIndex.get(entry.timezone);
    if (zone === undefined) {
      zone = zones.length;
      zones.push(entry.timezone);
      zoneIndex.set(entry.timezone, zone);
    }
    columns.zoneOf[index] = zone;
    columns.indexOf.set(entry.id, index);
  }
  built.set(entries, columns);
  return columns;
};

/** The mask of the wanted values, or undefined when the filter must read the entries' own sets. */
export const wantedMask = (wanted: readonly string[], bits: Map<string, number> | undefined) => (bits ? maskOf(wanted, bits) : undefined);

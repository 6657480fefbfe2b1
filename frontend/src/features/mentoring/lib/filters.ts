/** The directory's filters as the URL keeps them (shareable, kept on reload) and as the API reads them. */
import { copy } from '../copy';
import { languageName } from './reference';
import type { DirectoryQuery } from './types';

export interface DirectoryFilters {
  q: string;
  topics: string[];
  languages: string[];
  maxHoursApart: number | null;
  format: 'online' | 'in_person' | null;
}

export const HOURS_OPTIONS = [0, 1, 2, 3, 4, 6, 8] as const;

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export const filtersFromSearch = (params: URLSearchParams): DirectoryFilters => {
  const hours = params.get('maxHoursApart');
  const format = params.get('format');
  return {
    q: (params.get('q') ?? '').trim(),
    topics: list(params.get('topics')),
    languages: list(params.get('languages')),
    maxHoursApart: hours !== null && /^\d{1,2}$/.test(hours) && Number(hours) <= 14 ? Number(hours) : null,
    format: format === 'online' || format === 'in_person' ? format : null,
  };
};

/** Only the filters that are set, in a fixed order, so a shared link reads the same every time. */
export const searchFromFilters = (filters: DirectoryFilters) => {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.topics.length) params.set('topics', filters.topics.join(','));
  if (filters.languages.length) params.set('languages', filters.languages.join(','));
  if (filters.maxHoursApart !== null) params.set('maxHoursApart', String(filters.maxHoursApart));
  if (filters.format) params.set('format', filters.format);
  return params;
};

/** The query of GET /api/mentors (topic names may hold commas-free text only: the API splits on commas). */
export const apiQueryOf = (filters: DirectoryFilters, extra: Pick<DirectoryQuery, 'timezone' | 'cursor' | 'limit'>): DirectoryQuery => ({
  ...(filters.q && { q: filters.q }),
  ...(filters.topics.length && { topics: filters.topics.join(',') }),
  ...(filters.languages.length && { languages: filters.languages.join(',') }),
  ...(filters.maxHoursApart !== null && { maxHoursApart: filters.maxHoursApart }),
  ...(filters.format && { format: filters.format }),
  ...Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined)),
});

export interface ActiveFilter {
  key: string;
  label: string;
  /** The filters without this one. */
  without: DirectoryFilters;
}

/** Each filter that is set, one by one (each topic and language on its own), with the filters minus it. */
export const activeFilters = (filters: DirectoryFilters): ActiveFilter[] => {
  const labels = copy.directory.filterLabel;
  const result: ActiveFilter[] = [];
  if (filters.q) result.push({ key: 'q', label: labels.q(filters.q), without: { ...filters, q: '' } });
  for (const topic of filters.topics) {
    result.push({ key: `topic:${topic}`, label: labels.topic(topic), without: { ...filters, topics: filters.topics.filter((entry) => entry !== topic) } });
  }
  for (const language of filters.languages) {
    result.push({
      key: `language:${language}`,
      label: labels.language(languageName(language)),
      without: { ...filters, languages: filters.languages.filter((entry) => entry !== language) },
    });
  }
  if (filters.maxHoursApart !== null) result.push({ key: 'hours', label: labels.hours(filters.maxHoursApart), without: { ...filters, maxHoursApart: null } });
  if (filters.format) {
    result.push({ key: 'format', label: labels.format(copy.formats[filters.format]), without: { ...filters, format: null } });
  }
  return result;
};

export const NO_FILTERS: DirectoryFilters = { q: '', topics: [], languages: [], maxHoursApart: null, format: null };

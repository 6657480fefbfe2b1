import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/Button/Button';
import { ApiError } from '@/lib/api-client';
import { useAddressParams } from '@/lib/use-address-params';
import { copy } from '../copy';
import { MentorCard, MentorCardSkeleton } from '../components/MentorCard';
import { MultiSelect } from '../components/MultiSelect';
import { ErrorState, Notice } from '../components/States';
import { activeFilters, apiQueryOf, filtersFromSearch, HOURS_OPTIONS, NO_FILTERS, searchFromFilters, type DirectoryFilters } from '../lib/filters';
import { listMentors } from '../api';
import { useProgramme } from '../hooks';
import { languageOptions } from '../lib/reference';
import { useDirectoryGate, useViewer } from '../lib/viewer';
import { MembersOnly } from './MembersOnly';
import formStyles from '../components/Form.module.css';
import styles from './Directory.module.css';
import pageStyles from './Page.module.css';

export const PAGE_SIZE = 12;
const SEARCH_DELAY_MS = 300;

const directoryKey = (filters: DirectoryFilters, zone: string, viewer: string | null, probe = false) =>
  ['GET /api/mentors', searchFromFilters(filters).toString(), zone, viewer, probe] as const;

/** /mentors: cards, filters kept in the URL, a debounced search, "Show more", and empty results that say what to loosen. */
export const DirectoryPage = () => {
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const viewer = useViewer();
  const programme = useProgramme();
  const gate = useDirectoryGate(viewer);
  const changeFilters = (change: (current: DirectoryFilters) => DirectoryFilters) =>
    setParams((current) => searchFromFilters(change(filtersFromSearch(current))), { replace: true });
  const setFilters = (next: DirectoryFilters) => changeFilters(() => next);

  // The search box is the member's own until they pause typing; the URL (and the request) follow then.
  const [search, setSearch] = useState(filters.q);
  const lastSearch = useRef(filters.q);
  useEffect(() => {
    if (filters.q !== lastSearch.current) {
      lastSearch.current = filters.q;
      setSearch(filters.q);
    }
  }, [filters.q]);
  // Only a change of the typed text starts the delay; the filters are read when it ends.
  const commitSearch = useEffectEvent((typed: string) => {
    if (typed === filters.q) return;
    lastSearch.current = typed;
    changeFilters((current) => ({ ...current, q: typed }));
  });
  useEffect(() => {
    const timer = setTimeout(() => commitSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const mentors = useInfiniteQuery({
    queryKey: directoryKey(filters, viewer.zone, viewer.userId),
    queryFn: ({ pageParam }) => listMentors(apiQueryOf(filters, { timezone: viewer.zone, cursor: pageParam ?? undefined, limit: PAGE_SIZE })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: gate.mayAsk,
  });

  const cards = useMemo(() => mentors.data?.pages.flatMap((page) => page.mentors) ?? [], [mentors.data]);
  const first = mentors.data?.pages[0];
  const total = first?.total ?? 0;
  const active = activeFilters(filters);
  const empty = mentors.isSuccess && cards.length === 0;

  // With no results, ask how many each loosening would bring back (one small request per filter).
  const probes = useQueries({
    queries: (empty ? active.slice(0, 8) : []).map((filter) => ({
      queryKey: directoryKey(filter.without, viewer.zone, viewer.userId, true),
      queryFn: () => listMentors(apiQueryOf(filter.without, { timezone: viewer.zone, limit: 1 })),
    })),
  });

  // "Show more" moves focus to the first new card, so keyboard users carry on reading where the list grew.
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null || mentors.isFetchingNextPage) return;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('h3 a')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [cards.length, mentors.isFetchingNextPage]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const languages = useMemo(() => languageOptions(), []);
  const topicOptions = useMemo(
    () => [...(programme.data?.topics ?? []), ...filters.topics.filter((topic) => !programme.data?.topics.includes(topic))].map((topic) => ({ value: topic, label: topic })),
    [programme.data, filters.topics],
  );

  if (gate.gated || (!viewer.signedIn && mentors.error instanceof ApiError && mentors.error.status === 401)) return <MembersOnly next={`/mentors${params.size ? `?${params}` : ''}`} />;

  // A coordinator browses the directory to run the programme, not to join it.
  const needsProfile = viewer.signedIn && viewer.own.data && !viewer.own.data.onboarded && !viewer.own.data.isCoordinator;

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{copy.directory.heading}</h1>
        <p className={pageStyles.intro}>{copy.directory.intro}</p>
      </header>
      {needsProfile && (
        <Notice>
          <p>
            {copy.directory.finishProfile} <ButtonLink to="/onboarding" variant="secondary" className={styles.inlineButton}>{copy.directory.finishProfileLink}</ButtonLink>
          </p>
        </Notice>
      )}
      <div className={styles.layout}>
        <section className={styles.filters} aria-labelledby="directory-filters">
          <div className={styles.search}>
            <label htmlFor="directory-search" className={formStyles.label}>
              {copy.directory.searchLabel}
            </label>
            <input
              id="directory-search"
              type="search"
              className={formStyles.input}
              placeholder={copy.directory.searchPlaceholder}
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <h2 id="directory-filters" className={styles.filtersHeading}>
            <button type="button" className={styles.filtersToggle} aria-expanded={filtersOpen} aria-controls="directory-filter-fields" onClick={() => setFiltersOpen((open) => !open)}>
              {copy.directory.showFilters}
              {active.filter((filter) => filter.key !== 'q').length > 0 && ` (${active.filter((filter) => filter.key !== 'q').length})`}
              <span aria-hidden="true" className={styles.chevron}>
                ▾
              </span>
            </button>
            <span className={styles.filtersTitle}>{copy.directory.filtersHeading}</span>
          </h2>
          <div id="directory-filter-fields" className={`${styles.filterFields} ${filtersOpen ? '' : styles.collapsed}`}>
            <MultiSelect
              id="directory-topics"
              label={copy.directory.topics}
              options={topicOptions}
              value={filters.topics}
              onChange={(topics) => changeFilters((current) => ({ ...current, topics }))}
              texts={copy.directory.topicTexts}
            />
            <MultiSelect
              id="directory-languages"
              label={copy.directory.languages}
              options={languages}
              value={filters.languages}
              onChange={(languagesChosen) => changeFilters((current) => ({ ...current, languages: languagesChosen }))}
              texts={copy.directory.languageTexts}
            />
            <div className={formStyles.field}>
              <label htmlFor="directory-hours" className={formStyles.label}>
                {copy.directory.hoursApart}
              </label>
              <select
                id="directory-hours"
                className={formStyles.input}
                value={filters.maxHoursApart ?? ''}
                onChange={(event) => {
                  const maxHoursApart = event.target.value === '' ? null : Number(event.target.value);
                  changeFilters((current) => ({ ...current, maxHoursApart }));
                }}
              >
                <option value="">{copy.directory.anyDifference}</option>
                {HOURS_OPTIONS.map((hours) => (
                  <option key={hours} value={hours}>
                    {copy.directory.withinHours(hours)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className={formStyles.fieldset}>
              <legend className={`${formStyles.label} ${formStyles.subLegend}`}>{copy.directory.format}</legend>
              <div className={styles.radios}>
                {([
                  [null, copy.directory.anyFormat],
                  ['online', copy.directory.onlineOnly],
                  ['in_person', copy.directory.inPersonOnly],
                ] as const).map(([value, label]) => (
                  <label key={label} className={styles.radio}>
                    <input type="radio" name="directory-format" checked={filters.format === value} onChange={() => changeFilters((current) => ({ ...current, format: value }))} />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        </section>

        <section className={styles.results} aria-labelledby="directory-results">
          <h2 id="directory-results" className="visually-hidden">
            {copy.directory.title}
          </h2>
          {active.length > 0 && (
            <ul className={styles.chips} aria-label={copy.directory.activeFilters}>
              {active.map((filter) => (
                <li key={filter.key} className={styles.chip}>
                  {filter.label}
                  <button type="button" className={styles.chipRemove} aria-label={`${copy.directory.removeFilter}: ${filter.label}`} onClick={() => setFilters(filter.without)}>
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              {active.length > 1 && (
                <li>
                  <button type="button" className={styles.clear} onClick={() => setFilters(NO_FILTERS)}>
                    {copy.directory.clearAll}
                  </button>
                </li>
              )}
            </ul>
          )}
          <p role="status" className={styles.status}>
            {mentors.isSuccess ? `${copy.directory.results(cards.length, total)}${first?.scored && total ? ` ${copy.directory.sortedByMatch}` : ''}` : ''}
          </p>

          {mentors.isPending && (
            <ul className={styles.grid} aria-hidden="true">
              {Array.from({ length: 6 }, (_, index) => (
                <li key={index}>
                  <MentorCardSkeleton />
                </li>
              ))}
            </ul>
          )}

          {mentors.isError && !mentors.isFetchNextPageError && (
            <ErrorState heading={copy.directory.errorHeading} error={mentors.error} onRetry={() => void mentors.refetch()} />
          )}

          {empty && (
            <div className={styles.empty}>
              <h3>{active.length ? copy.directory.emptyHeading : copy.directory.emptyNoFilters}</h3>
              {active.length > 0 && (
                <>
                  <p>{copy.directory.emptyHint}</p>
                  <ul className={styles.suggestions}>
                    {active.slice(0, 8).map((filter, index) => {
                      const count = probes[index]?.data?.total;
                      return (
                        <li key={filter.key} className={styles.suggestion}>
                          <span>
                            <strong>{filter.label}</strong>
                            {count !== undefined && <span className={styles.wouldShow}> — {copy.directory.wouldShow(count)}</span>}
                          </span>
                          <Button variant="secondary" aria-label={`${copy.directory.removeFilter}: ${filter.label}`} onClick={() => setFilters(filter.without)}>
                            {copy.directory.removeFilter}
                          </Button>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
            </div>
          )}

          {cards.length > 0 && (
            <ul ref={listRef} className={styles.grid}>
              {cards.map((mentor) => (
                <li key={mentor.id}>
                  <MentorCard mentor={mentor} viewerZone={viewer.zone} />
                </li>
              ))}
            </ul>
          )}
          {mentors.isFetchNextPageError && <ErrorState heading={copy.directory.errorHeading} error={mentors.error} onRetry={() => void mentors.fetchNextPage()} />}
          {mentors.hasNextPage && !mentors.isFetchNextPageError && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                disabled={mentors.isFetchingNextPage}
                onClick={() => {
                  focusFrom.current = cards.length;
                  void mentors.fetchNextPage();
                }}
              >
                {mentors.isFetchingNextPage ? copy.directory.loadingMore : copy.directory.showMore}
              </Button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
};

export default DirectoryPage;

import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy routes that `pathname` matches and writes what they export into the route objects, so that
 * a router made from them afterwards renders the page at once: prerendered HTML (/login) hydrates without the
 * router's loading fallback in between, and a signed-in page shows no "opening the page" step on a full load.
 */
export const loadLazyMatches = async (routes: RouteObject[], pathname: string) => {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
};

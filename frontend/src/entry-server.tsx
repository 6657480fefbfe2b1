import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageTitle } from './config/site-config';
import type { RouteHandle } from './app/PageShell';
import { publicPaths, routes } from './app/routes';

export { publicPaths };

/** Renders one public page to HTML at build time (scripts/prerender.mjs); the browser hydrates it. */
export const render = async (path: string) => {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect or a response, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  const title = pageTitle(handles.reverse().find((handle) => handle?.title)?.title);
  return { html, title };
};

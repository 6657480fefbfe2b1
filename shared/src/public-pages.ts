/**
 * The public pages, prerendered to static HTML at build time (`/about` → about/index.html). The SPA's router,
 * the prerenderer and the CloudFront function that maps paths to files all read this list.
 */
export const PUBLIC_PAGE_PATHS = ['/', '/about', '/become-a-mentor', '/volunteer', '/partnerships'] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** The file a public page is prerendered to. */
export const prerenderedFile = (path: string) => (path === '/' ? '/index.html' : `${path}/index.html`);

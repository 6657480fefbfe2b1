/**
 * Whether the prerendered HTML in `root` (scripts/prerender.mjs) is the one for this path and was rendered for this
 * URL, so that React may hydrate it: a host that falls back to another page's HTML for an unknown path, or a query
 * (/login?next=…) the HTML could not know, gets a fresh client render instead.
 */
export const canHydrate = (root: HTMLElement, { pathname, search }: Pick<Location, 'pathname' | 'search'>) =>
  root.dataset.prerenderedPath === pathname && search === '';

type Control = HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Prerendered HTML that a fresh render will replace stays on screen while the page's chunks load. Its controls are
 * disabled meanwhile: what someone typed, or a password manager filled in, would otherwise vanish with them.
 */
export const disablePrerenderedControls = (root: HTMLElement) => {
  for (const control of root.querySelectorAll<Control>('button, input, select, textarea')) control.disabled = true;
};

import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether the person has pressed a key or a pointer in this document. A page that opens by a full load (and
 * any redirect it makes on its own, such as /account → /login) comes before any of that, so focus stays at the
 * top of the document and the first Tab reaches the skip link; a page opened from inside the app comes after.
 */
let interacted = false;
let listening = false;
const markInteracted = () => {
  interacted = true;
};

const listen = () => {
  if (listening) return;
  listening = true;
  document.addEventListener('pointerdown', markInteracted, { capture: true, passive: true });
  document.addEventListener('keydown', markInteracted, { capture: true, passive: true });
};

/** For tests: as if the document had just loaded. */
export const resetInteraction = () => {
  interacted = false;
};

/**
 * Moves focus to `target` (the page's main content) after an in-app navigation, so screen readers start on
 * the new page, and never on a full page load. A layout that mounts because of an in-app navigation (the
 * signed-in shell after signing in) counts as one too, hence the check on mount as well.
 */
export const useFocusOnNavigation = (target: RefObject<HTMLElement | null>) => {
  const { pathname } = useLocation();
  useEffect(listen, []);
  useEffect(() => {
    if (interacted) target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
};

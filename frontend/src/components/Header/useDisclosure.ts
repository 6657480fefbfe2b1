import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a panel of links (the phone menus, the account menu): opening it focuses the
 * panel's first link, Escape (anywhere) closes it and gives focus back to the button; any navigation closes it.
 * With `closeOnOutside`, a click or focus outside the panel and button closes it too (a popover).
 */
export const useDisclosure = ({ closeOnOutside = false }: { closeOnOutside?: boolean } = {}) => {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open || !closeOnOutside) return;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, closeOnOutside]);

  // Following a link in the panel closes it, even a link to the page already on show (no navigation then).
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest('a')) setOpen(false);
    };
    panel.addEventListener('click', onClick);
    return () => panel.removeEventListener('click', onClick);
  }, [open]);

  // Escape closes it wherever focus is (a click may have left focus outside the panel).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, setOpen, toggle, buttonRef, panelRef };
};

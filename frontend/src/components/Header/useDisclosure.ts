import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a panel of links (the phone menus, the account menu): opening it focuses the
 * panel's first link, Escape closes it and gives focus back to the button, and so does any navigation.
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

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (open && event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      }
    },
    [open],
  );

  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, setOpen, toggle, buttonRef, panelRef, onKeyDown };
};

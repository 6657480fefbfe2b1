/**
 * A tiny toast store: any module can call toast.success/error; <Toaster /> renders them in live regions.
 * Hand-written because a toast library would cost a good part of the public pages' JavaScript budget.
 */
export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (toasts: readonly ToastItem[]) => void;

export const TOAST_DURATION_MS = 5000;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener(toasts));

export const dismissToast = (id: number) => {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
};

const show = (kind: ToastKind, message: string) => {
  const item = { id: nextId++, kind, message };
  toasts = [...toasts, item];
  emit();
  setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
  return item.id;
};

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

export const subscribeToasts = (listener: Listener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const currentToasts = () => toasts;

/*
 * An open modal <dialog> sits in the browser's top layer and makes the rest of the page inert, which
 * would hide a toast behind its backdrop and from assistive technology. Open modals register here and
 * the toaster renders inside the topmost one.
 */
let hosts: readonly HTMLElement[] = [];
const hostListeners = new Set<() => void>();

export const registerToastHost = (element: HTMLElement) => {
  hosts = [...hosts, element];
  hostListeners.forEach((listener) => listener());
  return () => {
    hosts = hosts.filter((host) => host !== element);
    hostListeners.forEach((listener) => listener());
  };
};

export const subscribeToastHosts = (listener: () => void) => {
  hostListeners.add(listener);
  return () => {
    hostListeners.delete(listener);
  };
};

export const topToastHost = () => hosts[hosts.length - 1] ?? null;

/** Removes every toast at once (tests start from an empty list). */
export const clearToasts = () => {
  toasts = [];
  emit();
};

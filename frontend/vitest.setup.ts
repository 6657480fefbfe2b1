import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from './src/components/Toast/toast';

afterEach(() => {
  cleanup();
  clearToasts();
});

// jsdom has <dialog> but not its methods; this stand-in keeps only what the components rely on
// (the open attribute and the close event). Browsers' real behaviour is covered by the e2e tests.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom does not lay out or scroll; React Router's scroll restoration calls this on navigation.
window.scrollTo = () => undefined;

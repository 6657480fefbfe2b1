import { describe, expect, it } from 'vitest';
import { canHydrate, disablePrerenderedControls } from './prerendered';

const prerendered = (path: string) => {
  const root = document.createElement('div');
  root.dataset.prerenderedPath = path;
  root.innerHTML = '<main><form><input name="email"><textarea></textarea><select><option>a</option></select><button>Sign in</button></form><a href="/signup">Create an account</a></main>';
  return root;
};

describe('prerendered HTML', () => {
  it('is hydrated only on its own path and without a query', () => {
    expect(canHydrate(prerendered('/login'), { pathname: '/login', search: '' })).toBe(true);
    expect(canHydrate(prerendered('/login'), { pathname: '/login', search: '?next=%2Fmentorships' })).toBe(false);
    expect(canHydrate(prerendered('/login'), { pathname: '/signup', search: '' })).toBe(false);
    expect(canHydrate(document.createElement('div'), { pathname: '/login', search: '' })).toBe(false);
  });

  it('that a fresh render replaces takes no input meanwhile', () => {
    const root = prerendered('/login');
    disablePrerenderedControls(root);
    const controls = [...root.querySelectorAll<HTMLInputElement>('button, input, select, textarea')];
    expect(controls).toHaveLength(4);
    expect(controls.every((control) => control.disabled)).toBe(true);
    // Links still lead where they say.
    expect(root.querySelector('a')!.getAttribute('href')).toBe('/signup');
  });
});

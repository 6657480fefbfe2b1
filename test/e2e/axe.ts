import { expect, type Frame, type Page } from '@playwright/test';
import axeCore from 'axe-core';
import { screenshot, widths } from './support';

/** WCAG 2.2 A and AA: what every page and Stream's widgets inside them are held to. */
export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** WCAG and axe's best practices: what our own pages are held to. */
export const wcagAndBestPractice = [...wcag, 'best-practice'];

interface Check {
  /** axe's rules with these tags; every rule that is not experimental without. */
  tags?: string[];
  /** Only this part of the page (a CSS selector), or all but this part. */
  include?: string;
  exclude?: string;
  /** These rules alone, experimental ones too (which no tag runs). */
  rules?: string[];
}

type AxeWindow = Window & { axe?: typeof axeCore };

/** axe-core in the frame's document, put there once: a document checked again (another width) reuses it. */
const ensureAxe = async (frame: Frame) => {
  if (!(await frame.evaluate(() => (window as AxeWindow).axe !== undefined))) await frame.evaluate(axeCore.source);
};

/**
 * The violations axe finds in the page, checked in the page itself. @axe-core/playwright's builder sends axe's
 * 550 KB source to each frame twice a check, and again for every check of the same document: in the page alone,
 * a check takes 0.40 s the first time and 0.25 s again, against the builder's 0.65 and 0.48 s here. The tests read
 * only the violations, so axe details no other result's nodes (every violation stays whole).
 */
export const axe = async (page: Page, { tags, include, exclude, rules }: Check = {}) => {
  // Frames of the same origin are checked too, by the copy of axe in each (as axe.run does in a browser).
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames().slice(1)) await ensureAxe(frame).catch(() => undefined);
  return page.evaluate(
    ({ include, exclude, tags, rules }) =>
      (window as AxeWindow).axe!.run(include ? { include, exclude: exclude ?? [] } : exclude ? { exclude } : document, {
        resultTypes: ['violations'],
        ...(tags && { runOnly: { type: 'tag', values: tags } }),
        ...(rules && { runOnly: { type: 'rule', values: rules } }),
      }),
    { include, exclude, tags, rules },
  );
};

/** At phone and desktop width: no sideways scroll, nothing axe finds (ours and best practice), and a screenshot; back at desktop width after. */
export const axeAtBothWidths = async (page: Page, name: string) => {
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), `${name} scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
    const results = await axe(page, { tags: wcagAndBestPractice });
    expect(results.violations, `${name} at ${label}`).toEqual([]);
    await screenshot(page, `${name}-${label}`);
  }
  await page.setViewportSize(widths.desktop);
};

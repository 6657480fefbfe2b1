import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { screenshot, widths } from './support';

/** WCAG 2.2 A and AA: what every page and Stream's widgets inside them are held to. */
export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** WCAG and axe's best practices: what our own pages are held to. */
export const wcagAndBestPractice = [...wcag, 'best-practice'];

/**
 * Axe for the page, run in the page itself (axe's legacy mode) rather than finished in a new blank page, the mode
 * made for cross-origin frames, which our pages do not have: the same results, in 0.8 s a check instead of 1.6 here.
 * The tests read only the violations: axe then details no other result's nodes (every violation stays whole),
 * ~0.6 s a check instead of ~0.75.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/** At phone and desktop width: no sideways scroll, nothing axe finds (ours and best practice), and a screenshot; back at desktop width after. */
export const axeAtBothWidths = async (page: Page, name: string) => {
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), `${name} scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
    const results = await axe(page).withTags(wcagAndBestPractice).analyze();
    expect(results.violations, `${name} at ${label}`).toEqual([]);
    await screenshot(page, `${name}-${label}`);
  }
  await page.setViewportSize(widths.desktop);
};

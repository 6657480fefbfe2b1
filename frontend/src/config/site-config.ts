/**
 * Everything the public shell links to, in one place so a deployment changes it in one edit.
 * None of it is secret: it is all printed on every page.
 */
export const siteConfig = {
  siteName: 'Bridge Mentoring',
  contactEmail: 'hello@bridgementoring.org',
  donationUrl: 'https://givebutter.com/bridge-mentoring',
  social: {
    linkedIn: 'https://www.linkedin.com/company/bridge-mentoring',
    instagram: 'https://www.instagram.com/bridgementoring',
    twitter: 'https://twitter.com/bridgementoring',
  },
} as const;

export type SiteConfig = typeof siteConfig;

/** The document title of a page: "About us · Bridge Mentoring". */
export const pageTitle = (title?: string) => (title ? `${title} · ${siteConfig.siteName}` : siteConfig.siteName);

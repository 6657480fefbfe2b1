/** Links in e-mails are absolute: `site` is the app's origin (siteUrl(): the local stage's URL, or the stage's SSM parameter in AWS). */
export const appLink = (site: string, path: string) => `${site.replace(/\/$/, '')}${path}`;

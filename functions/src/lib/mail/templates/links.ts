/**
 * Links in e-mails must be absolute: APP_URL is the app's origin (the stage's domain in AWS, the local
 * stage's URL locally). Without it a message names the page by its path, which is still readable.
 */
export const appLink = (path: string) => {
  const base = process.env.APP_URL?.replace(/\/$/, '');
  return base ? `${base}${path}` : `the page ${path} of the mentoring platform`;
};

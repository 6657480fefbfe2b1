import { getParameter } from '@aws-lambda-powertools/parameters/ssm';

/** The origin changes only with a new domain; one read per container is enough. */
const MAX_AGE_SECONDS = 60 * 60;

/**
 * The site's public origin (https://…, no trailing slash), for links that leave the site, such as the photo URL
 * Stream shows. SITE_URL on the local stage; in AWS the web stack's SSM parameter (SITE_URL_PARAMETER), because
 * the distribution is created after the stacks of the functions that need it.
 */
export const siteUrl = async (): Promise<string> => {
  const direct = process.env.SITE_URL;
  if (direct) return direct.replace(/\/$/, '');
  const parameter = process.env.SITE_URL_PARAMETER;
  if (!parameter) throw new Error('Neither SITE_URL nor SITE_URL_PARAMETER is set');
  const value = await getParameter(parameter, { maxAge: MAX_AGE_SECONDS });
  if (!value) throw new Error(`The SSM parameter ${parameter} is empty`);
  return value.replace(/\/$/, '');
};

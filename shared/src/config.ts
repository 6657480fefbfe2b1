/** The SPA's runtime configuration, served as /config.json (deployed beside the SPA in AWS). */
export interface RuntimeConfig {
  stage: string;
  version: string;
  /** The AWS region of the user pool (locally cognito-local's nominal region). */
  region?: string;
  cognito?: CognitoRuntimeConfig;
  /** Whether chat and video can connect (false on a local stage without Stream credentials); never the secret. */
  stream?: { configured: boolean };
}

export interface CognitoRuntimeConfig {
  userPoolId: string;
  userPoolClientId: string;
  /** Only on the local stage: cognito-local's URL, used instead of Cognito's regional endpoint. */
  endpoint?: string;
}

/** The SPA's runtime configuration, served as /config.json (deployed beside the SPA in AWS). */
export interface RuntimeConfig {
  stage: string;
  version: string;
  /** The AWS region of the user pool (locally cognito-local's nominal region). */
  region?: string;
  cognito?: CognitoRuntimeConfig;
  /**
   * Whether chat and video can connect, and where: `local` and `baseUrl` name the local stage's Stream stand-in
   * (infra/local/stream), which the SDKs reach through their base URL options; absent, Stream's own hosts. Never the secret.
   */
  stream?: { configured: boolean; local?: boolean; baseUrl?: string };
}

export interface CognitoRuntimeConfig {
  userPoolId: string;
  userPoolClientId: string;
  /** Only on the local stage: cognito-local's URL, used instead of Cognito's regional endpoint. */
  endpoint?: string;
}

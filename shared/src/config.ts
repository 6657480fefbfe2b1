/** The SPA's runtime configuration, served as /config.json (deployed beside the SPA in AWS). */
export interface RuntimeConfig {
  stage: string;
  version: string;
}

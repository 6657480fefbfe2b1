/** The SPA's runtime configuration, served as /config.json (deployed beside the SPA in AWS). */
export interface RuntimeConfig {
  stage: string;
  version: string;
  /** Whether chat and video can connect (false on a local stage without Stream credentials); never the secret. */
  stream?: { configured: boolean };
}

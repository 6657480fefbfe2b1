import type { Server } from 'node:http';
import { freePort } from './ports';

/**
 * The local stand-in for Amazon SES: aws-ses-v2-local speaks the SES v2 API (SendEmail with simple, raw and
 * templated content, as @aws-sdk/client-sesv2 sends it), keeps every message in memory and shows them on a web
 * page (`inboxUrl`); `GET <endpoint>/store` lists them as JSON for tests. Nothing leaves the machine.
 */
export interface LocalSes {
  /** Where the AWS SDK's SES v2 client sends (AWS_ENDPOINT_URL_SESV2). */
  endpoint: string;
  /** The page that lists every message sent. */
  inboxUrl: string;
  stop: () => Promise<void>;
}

type StartServer = (config: { host: string; port: number }) => Promise<Server>;

/** The sender every local e-mail comes from (MAIL_FROM); `.test` never resolves, so nothing could be delivered. */
export const LOCAL_MAIL_FROM = 'Mentoring (local) <no-reply@mentoring.test>';

export const startLocalSes = async (): Promise<LocalSes> => {
  // A CommonJS package with an ES-style default export: tsx and Node hand it over differently.
  const loaded = (await import('aws-ses-v2-local')) as unknown as { default: StartServer | { default: StartServer } };
  const start = typeof loaded.default === 'function' ? loaded.default : loaded.default.default;
  const port = await freePort();
  const server = await start({ host: '127.0.0.1', port });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    inboxUrl: `${endpoint}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

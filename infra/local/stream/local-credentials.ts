import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalStreamCredentials {
  apiKey: string;
  secret: string;
}

/**
 * The stand-in's own API key and secret, made on first start: kept with its data (so members' tokens and the
 * stored state stay valid across restarts), or new for every in-memory stage. They only ever sign tokens for
 * the stand-in; the secret goes to the functions' environment like a real one, never to the browser.
 */
export const localStreamCredentials = (dir: string | undefined): LocalStreamCredentials => {
  const file = dir ? join(dir, 'credentials.json') : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalStreamCredentials;
  const credentials = { apiKey: `local-${randomBytes(6).toString('hex')}`, secret: randomBytes(32).toString('base64url') };
  if (dir && file) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  }
  return credentials;
};

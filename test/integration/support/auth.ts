import type { RuntimeConfig } from '@mentoring/shared';
import { api, baseUrl } from './api';
import { createTestUser, type StageCognito } from '../../support/auth';

/** The stage's pool as the SPA sees it: from /config.json, locally and when deployed alike. */
export const stageCognito = async (): Promise<StageCognito> => {
  const config = (await (await api('/config.json')).json()) as RuntimeConfig;
  if (!config.cognito) throw new Error('/config.json names no user pool');
  return config.cognito;
};

export const newUser = async (name?: string) => createTestUser({ url: baseUrl(), cognito: await stageCognito() }, { name });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

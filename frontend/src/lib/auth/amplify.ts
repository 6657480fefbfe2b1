import type { CognitoRuntimeConfig } from '@mentoring/shared';
import type * as AmplifyAuth from 'aws-amplify/auth';
import { loadRuntimeConfig } from '@/config/runtime-config';

export type AuthApi = typeof AmplifyAuth;

export interface LoadedAuth {
  api: AuthApi;
  /** SRP against Cognito; cognito-local (the local stage) only understands USER_PASSWORD_AUTH. */
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  cognito: CognitoRuntimeConfig;
}

let loading: Promise<LoadedAuth> | undefined;

/**
 * Amplify Auth, imported on first need only (sign-in pages, a stored session), so that public pages
 * for anonymous visitors never download it. Configured from /config.json.
 */
export const loadAuth = () =>
  (loading ??= (async () => {
    const [config, { Amplify }, api] = await Promise.all([loadRuntimeConfig(), import('aws-amplify'), import('aws-amplify/auth')]);
    const cognito = config.cognito;
    if (!cognito) throw new Error('/config.json names no user pool');
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.userPoolClientId,
          ...(cognito.endpoint && { userPoolEndpoint: cognito.endpoint }),
          loginWith: { email: true },
          signUpVerificationMethod: 'code',
        },
      },
    });
    return { api, cognito, authFlowType: cognito.endpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH' } satisfies LoadedAuth;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));

/**
 * Whether Amplify has left a session in this browser (its default token store is localStorage,
 * keyed by the app client), so a visitor who never signed in does not load Amplify at all.
 */
export const hasStoredSession = (userPoolClientId?: string) => {
  try {
    if (userPoolClientId) return localStorage.getItem(`CognitoIdentityServiceProvider.${userPoolClientId}.LastAuthUser`) !== null;
    // Any app client: lets a first-time visitor skip even /config.json.
    return Object.keys(localStorage).some((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'));
  } catch {
    return false;
  }
};

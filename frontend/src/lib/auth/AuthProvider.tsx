import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hasStoredSession, loadAuth } from './amplify';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { setIdTokenSource } from '../api-client';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** The current ID token for `Authorization: Bearer`, refreshed by Amplify when it has expired. */
  getIdToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
  /** Reads the session again (after the sign-in and sign-up forms have signed someone in). */
  refresh: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in user of this browser, restored from Amplify's stored session on every page load. */
export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<{ status: AuthStatus; user: AuthUser | null }>({ status: 'loading', user: null });
  const listening = useRef(false);

  const signedOut = useCallback(() => setState({ status: 'signedOut', user: null }), []);

  const readSession = useCallback(async () => {
    const { api } = await loadAuth();
    if (!listening.current) {
      listening.current = true;
      const { Hub } = await import('aws-amplify/utils');
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') signedOut();
      });
    }
    const session = await api.fetchAuthSession();
    if (!session.tokens?.idToken) return signedOut();
    // cognito-local's ID tokens carry no `name`: the attributes have it in both runtimes.
    const attributes = await api.fetchUserAttributes();
    const email = attributes.email ?? String(session.tokens.idToken.payload.email ?? '');
    setState({
      status: 'signedIn',
      user: { id: attributes.sub ?? String(session.tokens.idToken.payload.sub), name: attributes.name || email, email },
    });
  }, [signedOut]);

  const refresh = useCallback(() => readSession().catch(signedOut), [readSession, signedOut]);

  useEffect(() => {
    // Anonymous visitors (no stored session at all) are signed out without any request.
    if (!hasStoredSession()) {
      signedOut();
      return;
    }
    let cancelled = false;
    loadRuntimeConfig()
      .then((config) => {
        if (cancelled) return;
        if (config.cognito && hasStoredSession(config.cognito.userPoolClientId)) return refresh();
        signedOut();
      })
      .catch(() => !cancelled && signedOut());
    return () => {
      cancelled = true;
    };
  }, [refresh, signedOut]);

  const getIdToken = useCallback(async () => {
    if (state.status === 'signedOut') return null;
    try {
      const { api } = await loadAuth();
      return (await api.fetchAuthSession()).tokens?.idToken?.toString() ?? null;
    } catch {
      return null;
    }
  }, [state.status]);

  const signOut = useCallback(async () => {
    try {
      const { api } = await loadAuth();
      await api.signOut();
    } finally {
      signedOut();
    }
  }, [signedOut]);

  // Every API call of the SPA carries the member's ID token through the one client.
  useEffect(() => setIdTokenSource(getIdToken), [getIdToken]);

  const value = useMemo(() => ({ ...state, getIdToken, signOut, refresh }), [state, getIdToken, signOut, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { HeaderAccount } from './HeaderAccount';
import { Toaster } from '../components/Toast/Toaster';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { FeedbackTab } from '../features/feedback/FeedbackTab';
import { useFocusOnNavigation } from './focus';
import { SidebarSelectionProvider } from './sidebar';
import { pageTitle } from '../config/site-config';
import styles from './PageShell.module.css';
import type { PageLayout, RouteHandle } from '../lib/route-handle';

export type { PageLayout, RouteHandle };

/** The handle of the deepest matched route that sets `key`. */
const deepestHandle = <K extends keyof RouteHandle>(matches: ReturnType<typeof useMatches>, key: K): RouteHandle[K] | undefined => {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const value = (matches[index]?.handle as RouteHandle | undefined)?.[key];
    if (value) return value;
  }
  return undefined;
};

/** The document title of the current route (the prerenderer writes the same one into the HTML). */
export const useRouteTitle = () => pageTitle(deepestHandle(useMatches(), 'title'));

/**
 * Skip link, a header, the page's content as <main>, the footer: the frame of public and signed-in pages alike.
 * Focus moves to the content after an in-app navigation only (see useFocusOnNavigation).
 */
export const Frame = ({ header, children }: { header: ReactNode; children: ReactNode }) => {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {header}
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
};

/** Header, content and footer: the layout of every page that does not bring its own. */
export const DefaultLayout = ({ children }: { children: ReactNode }) => <Frame header={<Header account={<HeaderAccount />} />}>{children}</Frame>;

/** For routes whose component draws the whole page itself (the signed-in area brings its own frame). */
export const OwnLayout = ({ children }: { children: ReactNode }) => <>{children}</>;

/**
 * The root of every route: the page's layout around the route's content, and on every page the
 * Feedback tab and the toasts. Providers shared by all pages (the signed-in user, the sidebar selection) live here.
 */
export const PageShell = () => {
  const matches = useMatches();
  const Layout = deepestHandle(matches, 'layout') ?? DefaultLayout;
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <AuthProvider>
      <SidebarSelectionProvider>
        <Layout>
          <Outlet />
        </Layout>
        <FeedbackTab />
        <Toaster />
        <ScrollRestoration />
      </SidebarSelectionProvider>
    </AuthProvider>
  );
};

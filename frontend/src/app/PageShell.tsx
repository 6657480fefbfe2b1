import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { Toaster } from '../components/Toast/Toaster';
import { FeedbackTab } from '../features/feedback/FeedbackTab';
import { SidebarSelectionProvider } from './sidebar';
import styles from './PageShell.module.css';

export type PageLayout = ComponentType<{ children: ReactNode }>;

/** What a route may put in its `handle`: a layout of its own instead of header, content and footer. */
export interface RouteHandle {
  layout?: PageLayout;
}

/** Header, content and footer: the layout of every page that does not bring its own. */
export const DefaultLayout = ({ children }: { children: ReactNode }) => {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // After a client-side navigation, move focus to the new content so screen readers start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
};

const useRouteLayout = (): PageLayout => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const layout = (matches[index]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return DefaultLayout;
};

/**
 * The root of every route: the page's layout around the route's content, and on every page the
 * Feedback tab and the toasts. Providers shared by all pages (the sidebar selection) live here.
 */
export const PageShell = () => {
  const Layout = useRouteLayout();
  return (
    <SidebarSelectionProvider>
      <Layout>
        <Outlet />
      </Layout>
      <FeedbackTab />
      <Toaster />
      <ScrollRestoration />
    </SidebarSelectionProvider>
  );
};

import type { ComponentType, ReactNode } from 'react';

export type PageLayout = ComponentType<{ children: ReactNode }>;

/** What a route may put in its `handle`: features declare it on their routes, the app's page shell reads it. */
export interface RouteHandle {
  /** A layout of its own instead of header, content and footer. */
  layout?: PageLayout;
  /** The page's name in the document title; without one the title is the site name. */
  title?: string;
}

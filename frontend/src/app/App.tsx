import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { publicVideoRoutes, signedInVideoRoutes } from '../features/video/routes';

const Home = () => (
  <main>
    <h1>Mentoring that changes what's possible</h1>
    <p>We connect mentors and mentees for conversations, calls and lasting growth.</p>
  </main>
);

// Minimal router so the call pages are reachable; issue 3's shell (and issue 4's RequireAuth) replace it.
const createRouter = () =>
  createBrowserRouter([
    { path: '/', Component: Home },
    { lazy: () => import('./SignedInArea').then(({ SignedInArea }) => ({ Component: SignedInArea })), children: signedInVideoRoutes },
    ...publicVideoRoutes,
    { path: '*', Component: Home },
  ]);

export const App = () => {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
};

import { Suspense } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { AuthProvider, HeaderAccount, RequireAuth, authRoutes } from '../features/auth';
import { LazySessionsPage, SESSIONS_PATH } from '../features/sessions';

const HomePage = () => (
  <main>
    <h1>Mentoring that changes what's possible</h1>
    <p>We connect mentors and mentees for conversations, calls and lasting growth.</p>
  </main>
);

export const App = () => (
  <BrowserRouter>
    <AuthProvider>
      <header className="site-header">
        <Link to="/">Mentoring platform</Link>
        <HeaderAccount />
      </header>
      <Routes>
        <Route path="/" element={<HomePage />} />
        {authRoutes()}
        <Route
          path={SESSIONS_PATH}
          element={
            <RequireAuth>
              <Suspense fallback={null}>
                <LazySessionsPage />
              </Suspense>
            </RequireAuth>
          }
        />
        <Route path="*" element={<HomePage />} />
      </Routes>
    </AuthProvider>
  </BrowserRouter>
);

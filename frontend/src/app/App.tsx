import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RequireAuth } from '../features/auth';
import { LazySessionsPage, SESSIONS_PATH } from '../features/sessions';

const Home = () => (
  <main>
    <h1>Mentoring that changes what's possible</h1>
    <p>We connect mentors and mentees for conversations, calls and lasting growth.</p>
  </main>
);

// Minimal routes until the app shell's router (issue 3) takes these over.
export const App = () => (
  <BrowserRouter>
    <Routes>
      <Route path="*" element={<Home />} />
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
    </Routes>
  </BrowserRouter>
);

import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { AuthProvider, HeaderAccount, authRoutes } from '../features/auth';

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
        <Route path="*" element={<HomePage />} />
      </Routes>
    </AuthProvider>
  </BrowserRouter>
);

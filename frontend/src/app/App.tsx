import { BrowserRouter, Route, Routes } from 'react-router';
import { AuthProvider } from '../features/auth';
import { MessagesRoute } from '../features/chat';

const Home = () => (
  <main>
    <h1>Mentoring that changes what's possible</h1>
    <p>We connect mentors and mentees for conversations, calls and lasting growth.</p>
  </main>
);

export const App = () => (
  <AuthProvider>
    <BrowserRouter>
      <Routes>
        <Route path="/messages" element={<MessagesRoute />} />
        <Route path="*" element={<Home />} />
      </Routes>
    </BrowserRouter>
  </AuthProvider>
);

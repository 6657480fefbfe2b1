export const App = () => (
  <main>
    <h1>Mentoring that changes what's possible</h1>
    <p>We connect mentors and mentees for conversations, calls and lasting growth.</p>
  </main>
);

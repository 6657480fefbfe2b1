import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directoryPage, mentorCard, ownProfile, programme } from '@testing/mentoring/fixtures';
import { renderRoutes } from '@testing/mentoring/render';
import { DirectoryPage } from './DirectoryPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const routes = [
  { path: '/mentors', element: <DirectoryPage /> },
  { path: '/mentors/:id', element: <h1>Mentor page</h1> },
];

/** Every directory request's query, and an answer chosen by it. */
const directory = (answer: (query: URLSearchParams) => Response | Promise<Response>) => {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/programme', () => HttpResponse.json(programme())),
    http.get('*/api/profile/me', () => HttpResponse.json(ownProfile({ onboarded: true }))),
    http.get('*/api/mentors', ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      return answer(query);
    }),
  );
  return requests;
};

const withoutZone = (query: URLSearchParams) => {
  const copy = new URLSearchParams(query);
  copy.delete('timezone');
  return copy.toString();
};

describe('DirectoryPage', () => {
  it('reads its filters from the URL, sends them to the API and shows the cards with the match reasons', async () => {
    const requests = directory(() =>
      HttpResponse.json(
        directoryPage([mentorCard('m1', { displayName: 'Grace', match: { score: 0.9, reasons: ['3 shared topics', 'speaks Spanish', '2 h apart', 'free Tuesday evenings'] } })], {
          scored: true,
        }),
      ),
    );
    renderRoutes(routes, '/mentors?topics=Leadership&languages=es&maxHoursApart=3&format=online');
    const card = await screen.findByRole('article', { name: 'Grace' });
    expect(within(card).getByText('3 shared topics · speaks Spanish · 2 h apart · free Tuesday evenings')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Grace' })).toHaveAttribute('href', '/mentors/m1');
    expect(within(card).getByText('English, Spanish')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 mentor. Sorted by how well they match your profile.')).toHaveAttribute('role', 'status');
    expect(withoutZone(requests[0]!)).toBe('topics=Leadership&languages=es&maxHoursApart=3&format=online&limit=12');
    expect(requests[0]!.get('timezone')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Topic: Leadership×',
      'Language: Spanish×',
      'Within 3 h×',
      'Format: Online×',
      'Clear all filters',
    ]);
  });

  it('puts a changed filter and a typed search into the URL and asks the API again', async () => {
    const requests = directory(() => HttpResponse.json(directoryPage([mentorCard('m1')])));
    const { user, router } = renderRoutes(routes, '/mentors');
    await screen.findByRole('article', { name: 'Mentor m1' });

    await user.click(screen.getByRole('radio', { name: 'In person' }));
    await waitFor(() => expect(router.state.location.search).toBe('?format=in_person'));
    await user.selectOptions(screen.getByLabelText('Time difference'), '2');
    await waitFor(() => expect(router.state.location.search).toBe('?maxHoursApart=2&format=in_person'));

    await user.type(screen.getByRole('searchbox', { name: 'Search mentors' }), 'react');
    // Debounced: one request for the whole word, not one per letter.
    await waitFor(() => expect(router.state.location.search).toBe('?q=react&maxHoursApart=2&format=in_person'));
    await waitFor(() => expect(withoutZone(requests.at(-1)!)).toBe('q=react&maxHoursApart=2&format=in_person&limit=12'));
    expect(requests.filter((query) => query.has('q')).map((query) => query.get('q'))).toEqual(['react']);
  });

  it('loads the next page with the cursor when asked to show more', async () => {
    const requests = directory((query) =>
      HttpResponse.json(
        query.get('cursor') === 'c2'
          ? directoryPage([mentorCard('m3')], { total: 3 })
          : directoryPage([mentorCard('m1'), mentorCard('m2')], { total: 3, nextCursor: 'c2' }),
      ),
    );
    const { user } = renderRoutes(routes, '/mentors?topics=Leadership');
    await screen.findByRole('article', { name: 'Mentor m1' });
    expect(screen.getByText('Showing 2 of 3 mentors.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more mentors' }));
    expect(await screen.findByRole('article', { name: 'Mentor m3' })).toBeInTheDocument();
    expect(requests.at(-1)!.get('cursor')).toBe('c2');
    expect(requests.at(-1)!.get('topics')).toBe('Leadership');
    expect(screen.getByText('Showing 3 of 3 mentors.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more mentors' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Mentor m3' })).toHaveFocus());
  });

  it('says which filter to loosen when nothing matches, and removes it in one click', async () => {
    directory((query) => {
      // Only without the format filter would there be mentors.
      if (query.get('format') === 'in_person') return HttpResponse.json(directoryPage([], { total: 0 }));
      if (query.get('topics')) return HttpResponse.json(directoryPage([mentorCard('m1'), mentorCard('m2')].slice(0, Number(query.get('limit'))), { total: 2 }));
      return HttpResponse.json(directoryPage([mentorCard('m9')].slice(0, Number(query.get('limit'))), { total: 5 }));
    });
    const { user, router } = renderRoutes(routes, '/mentors?topics=Leadership&format=in_person');
    expect(await screen.findByRole('heading', { name: 'No mentors match all of these filters' })).toBeInTheDocument();
    const suggestions = within(screen.getByText('Loosen one of them:').parentElement!);
    expect(await suggestions.findByText(/would show 2 mentors/)).toBeInTheDocument();
    expect(await suggestions.findByText(/still no mentors/)).toBeInTheDocument();
    const formatRow = suggestions.getByText('Format: In person').closest('li')!;
    expect(formatRow).toHaveTextContent('would show 2 mentors');

    await user.click(within(formatRow).getByRole('button', { name: 'Remove this filter: Format: In person' }));
    expect(router.state.location.search).toBe('?topics=Leadership');
    expect(await screen.findByRole('article', { name: 'Mentor m1' })).toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    let fail = true;
    directory(() => (fail ? HttpResponse.json({ error: { code: 'internal', message: 'The directory is not available just now.' } }, { status: 500 }) : HttpResponse.json(directoryPage([mentorCard('m1')]))));
    const { user } = renderRoutes(routes, '/mentors');
    const alert = (await screen.findByRole('heading', { name: 'We could not load the mentors' })).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('The directory is not available just now.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Mentor m1' })).toBeInTheDocument();
  });

  it('invites a visitor to sign up or sign in when the directory is for members only', async () => {
    directory(() => HttpResponse.json({ error: { code: 'unauthenticated', message: 'Sign in to see the mentors.' } }, { status: 401 }));
    renderRoutes(routes, '/mentors?topics=Leadership', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Our mentors are here for members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', `/signup?next=${encodeURIComponent('/mentors?topics=Leadership')}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/mentors?topics=Leadership')}`);
  });

  it('asks a member who has not finished onboarding to do so, to see their matches', async () => {
    directory(() => HttpResponse.json(directoryPage([mentorCard('m1')])));
    server.use(http.get('*/api/profile/me', () => HttpResponse.json(ownProfile({ onboarded: false }))));
    renderRoutes(routes, '/mentors');
    expect(await screen.findByRole('link', { name: 'Finish my profile' })).toHaveAttribute('href', '/onboarding');
  });
});

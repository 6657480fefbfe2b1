import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionBody, ProgrammeSettings } from '../lib/types';
import { application, ownProfile, programme, validationError } from '@testing/mentoring/fixtures';
import { renderRoutes } from '@testing/mentoring/render';
import { ApplicationsPage } from './ApplicationsPage';
import { CoordinatorArea } from './CoordinatorArea';
import { SettingsPage } from './SettingsPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const routes = [
  {
    path: '/coordinator',
    element: <CoordinatorArea />,
    children: [
      { path: 'applications', element: <ApplicationsPage /> },
      { path: 'settings', element: <SettingsPage /> },
    ],
  },
];

const asCoordinator = (isCoordinator = true) => server.use(http.get('*/api/profile/me', () => HttpResponse.json(ownProfile({ onboarded: true, isCoordinator }))));

describe('coordinator pages', () => {
  it('tell a member who is not a coordinator that the page is not for them, without asking the API for applications', async () => {
    asCoordinator(false);
    renderRoutes(routes, '/coordinator/applications');
    expect(await screen.findByRole('heading', { name: 'Only coordinators can open this page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Applications' })).toBeNull();
  });

  it('approve with an optional note: the application leaves the list before the server answers, and the coordinator is told', async () => {
    asCoordinator();
    const decisions: DecisionBody[] = [];
    let pending = [application('m1', 'Grace Hopper'), application('m2', 'Alan Turing')];
    server.use(
      http.get('*/api/coordinator/applications', ({ request }) => {
        expect(new URL(request.url).searchParams.get('state')).toBe('pending');
        return HttpResponse.json({ applications: pending });
      }),
      http.post('*/api/coordinator/applications/:id/decision', async ({ params, request }) => {
        decisions.push((await request.json()) as DecisionBody);
        await delay(200);
        pending = pending.filter((entry) => entry.member.id !== params.id);
        return HttpResponse.json({ ...application(String(params.id), 'Grace Hopper'), approval: { state: 'approved', submittedAt: null, decidedAt: null, note: null } });
      }),
    );
    const { user } = renderRoutes(routes, '/coordinator/applications');
    const grace = await screen.findByRole('article', { name: /Grace Hopper/ });
    expect(within(grace).getByRole('link', { name: 'm1@example.org' })).toBeInTheDocument();
    await user.click(within(grace).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Grace Hopper’s application' });
    const note = within(dialog).getByRole('textbox', { name: /Note to the applicant/ });
    expect(note).not.toBeRequired();
    await user.type(note, 'Welcome aboard!');
    await user.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    // Optimistic: gone while the request is still on its way.
    expect(screen.queryByRole('article', { name: /Grace Hopper/ })).toBeNull();
    expect(decisions).toEqual([{ decision: 'approved', note: 'Welcome aboard!' }]);
    expect(await screen.findByText('Grace Hopper is approved and will be e-mailed.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Alan Turing/ })).toBeInTheDocument();
  });

  it('reject only with a note, and put the application back when the server refuses', async () => {
    asCoordinator();
    const decisions: DecisionBody[] = [];
    server.use(
      http.get('*/api/coordinator/applications', () => HttpResponse.json({ applications: [application('m1', 'Grace Hopper')] })),
      http.post('*/api/coordinator/applications/:id/decision', async ({ request }) => {
        decisions.push((await request.json()) as DecisionBody);
        return HttpResponse.json({ error: { code: 'conflict', message: 'Another coordinator has already decided.' } }, { status: 409 });
      }),
    );
    const { user } = renderRoutes(routes, '/coordinator/applications');
    await user.click(within(await screen.findByRole('article', { name: /Grace Hopper/ })).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Grace Hopper’s application' });
    const note = within(dialog).getByRole('textbox', { name: /Note to the applicant/ });
    await waitFor(() => expect(note).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(note).toHaveAccessibleDescription(/Tell the applicant why\./);
    expect(decisions).toHaveLength(0);

    await user.type(note, 'Please add the topics you can help with.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(decisions).toEqual([{ decision: 'rejected', note: 'Please add the topics you can help with.' }]);
    expect(await screen.findByText('The decision on Grace Hopper was not saved: Another coordinator has already decided.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /Grace Hopper/ })).toBeInTheDocument();
  });

  it('list decided applications with their note by state', async () => {
    asCoordinator();
    server.use(
      http.get('*/api/coordinator/applications', ({ request }) =>
        HttpResponse.json({
          applications:
            new URL(request.url).searchParams.get('state') === 'rejected'
              ? [application('m3', 'Ada', { approval: { state: 'rejected', submittedAt: null, decidedAt: '2026-02-02T10:00:00.000Z', note: 'Not yet.' } })]
              : [],
        }),
      ),
    );
    const { user } = renderRoutes(routes, '/coordinator/applications');
    expect(await screen.findByText('No applications are waiting. Well done!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Not approved' }));
    const ada = await screen.findByRole('article', { name: /Ada/ });
    expect(within(ada).getByText('Not yet.')).toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('save the programme settings with renamed, removed and added topics, warning that a new code of conduct asks everyone again', async () => {
    asCoordinator();
    const saved: ProgrammeSettings[] = [];
    server.use(
      http.get('*/api/programme', () => HttpResponse.json(programme())),
      http.put('*/api/programme', async ({ request }) => {
        const body = (await request.json()) as ProgrammeSettings;
        saved.push(body);
        return HttpResponse.json({ ...programme(), ...body, codeOfConductVersion: 3 });
      }),
    );
    const { user } = renderRoutes(routes, '/coordinator/settings');
    const name = await screen.findByRole('textbox', { name: 'Programme name' });
    await user.clear(name);
    await user.type(name, 'Bridge 2026');
    await user.click(screen.getByRole('checkbox', { name: /Mentees need a coordinator’s approval/ }));
    const expiry = screen.getByRole('textbox', { name: 'Days a request stays open' });
    await user.clear(expiry);
    await user.type(expiry, '21');
    const delay = screen.getByRole('textbox', { name: 'Minutes before an unread message is e-mailed' });
    await user.clear(delay);
    await user.type(delay, '30');
    const second = screen.getByRole('textbox', { name: 'Topic 2' });
    await user.clear(second);
    await user.type(second, 'Web development');
    await user.click(screen.getByRole('button', { name: 'Remove topic “Data science”' }));
    await user.type(screen.getByRole('textbox', { name: 'New topic' }), 'Open source{Enter}');
    await user.click(screen.getByRole('radio', { name: /Everyone, including visitors/ }));
    expect(screen.queryByText(/every member will be asked to read and accept the new text/)).toBeNull();
    const conduct = screen.getByRole('textbox', { name: 'Text every member accepts' });
    await user.click(conduct);
    await user.keyboard('{Control>}{End}{/Control}');
    await user.paste(' Meet in public places.');
    expect(screen.getByText(/every member will be asked to read and accept the new text/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('The programme settings are saved. Members will be asked to accept the new code of conduct.')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        name: 'Bridge 2026',
        menteesNeedApproval: true,
        maxOpenRequestsPerMentee: 3,
        requestExpiryDays: 21,
        mentorshipMonths: 6,
        messageEmailDelayMinutes: 30,
        topics: ['Career change', 'Web development', 'Leadership', 'Open source'],
        directoryVisibility: 'public',
        codeOfConduct: `${programme().codeOfConduct} Meet in public places.`,
      },
    ]);
  }, 20_000);

  it('refuse a duplicate topic before sending, and show the server’s errors beside their fields', async () => {
    asCoordinator();
    server.use(
      http.get('*/api/programme', () => HttpResponse.json(programme())),
      http.put('*/api/programme', () => HttpResponse.json(validationError([{ path: ['topics', 0], message: 'Too long for a topic.' }]), { status: 400 })),
    );
    const { user } = renderRoutes(routes, '/coordinator/settings');
    await user.type(await screen.findByRole('textbox', { name: 'New topic' }), 'leadership{Enter}');
    expect(screen.getByRole('textbox', { name: 'New topic' })).toHaveAccessibleDescription(/already in the list/);
    const days = screen.getByRole('textbox', { name: 'Days a request stays open' });
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(days).toHaveFocus();
    expect(days).toHaveAccessibleDescription(/Enter a whole number from 2 to 60\./);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const first = screen.getByRole('textbox', { name: 'Topic 1' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription(/Too long for a topic\./);
  });
});

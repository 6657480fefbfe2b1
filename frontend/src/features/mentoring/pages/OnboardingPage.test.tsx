import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileInput } from '../lib/types';
import { menteeProfile, mentorProfile, ownProfile, programme, validationError } from '@testing/mentoring/fixtures';
import { ada, renderRoutes } from '@testing/mentoring/render';
import { OnboardingPage } from './OnboardingPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const routes = [
  { path: '/onboarding', element: <OnboardingPage /> },
  { path: '/mentors', element: <h1>Directory</h1> },
  { path: '/profile', element: <h1>Profile</h1> },
];

/** The API with a member who has not onboarded: it keeps what is PUT and marks the profile onboarded on submit. */
const api = (initial = ownProfile()) => {
  const state = { own: initial, puts: [] as ProfileInput[], submits: 0 };
  server.use(
    http.get('*/api/profile/me', () => HttpResponse.json(state.own)),
    http.get('*/api/programme', () => HttpResponse.json(programme())),
    http.put('*/api/profile/me', async ({ request }) => {
      const body = (await request.json()) as ProfileInput;
      state.puts.push(body);
      const { codeOfConductVersion, ...fields } = body;
      const profile =
        body.role === 'mentee'
          ? menteeProfile({ ...(fields as Partial<Extract<ProfileInput, { role: 'mentee' }>>) })
          : mentorProfile({ ...(fields as object), city: (fields as { city?: string }).city ?? null });
      state.own = ownProfile({ profile, codeOfConductVersion, approval: { state: 'draft', submittedAt: null, decidedAt: null, note: null } });
      return HttpResponse.json(state.own);
    }),
    http.post('*/api/profile/me/submit', () => {
      state.submits += 1;
      const approved = state.own.profile?.role === 'mentee';
      state.own = {
        ...state.own,
        onboarded: true,
        approval: { state: approved ? 'approved' : 'pending', submittedAt: '2026-02-01T10:00:00.000Z', decidedAt: null, note: null },
      };
      return HttpResponse.json(state.own);
    }),
  );
  return state;
};

describe('OnboardingPage', () => {
  it('takes a new mentee from choosing a role to "find a mentor", saving and submitting the profile', async () => {
    const state = api();
    const { user } = renderRoutes(routes, '/onboarding');

    await user.click(await screen.findByRole('radio', { name: /I’m looking for a mentor/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The code of conduct comes from the programme and must be accepted.
    expect(screen.getByRole('heading', { name: 'Code of conduct' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Code of conduct' })).toHaveTextContent('Be kind.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const accept = screen.getByRole('checkbox', { name: 'I have read the code of conduct and I accept it' });
    expect(accept).toHaveFocus();
    expect(accept).toHaveAccessibleDescription(/Accept the code of conduct to continue\./);
    await user.click(accept);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The profile: the name from sign-up, the browser's time zone by default.
    const name = screen.getByLabelText('Display name');
    expect(name).toHaveValue(ada.name);
    await user.clear(name);
    await user.type(name, 'Ada');
    await user.type(screen.getByLabelText(/^Headline/), 'Career changer');
    const languages = screen.getByLabelText('Languages you speak', { selector: 'input' });
    await user.type(languages, 'Spani');
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: /languages chosen/ })).getByText('Spanish')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'ES');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Madrid');
    await user.click(screen.getByRole('button', { name: 'Add a time on Tuesday' }));
    await user.selectOptions(screen.getByLabelText('To'), '21:00');
    await user.click(screen.getByLabelText('Career change'));
    await user.type(screen.getByLabelText('Your goals'), 'Land my first developer job.');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Photo' })).toHaveFocus();
    expect(state.puts).toEqual([
      {
        role: 'mentee',
        displayName: 'Ada',
        headline: 'Career changer',
        bio: '',
        languages: ['en', 'es'],
        country: 'ES',
        timezone: 'Europe/Madrid',
        availability: [{ day: 2, start: '18:00', end: '21:00' }],
        format: 'online',
        topics: ['Career change'],
        codeOfConductVersion: 2,
        goals: 'Land my first developer job.',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByRole('heading', { name: 'Check and send' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByRole('heading', { name: 'You’re all set' })).toHaveFocus();
    expect(state.submits).toBe(1);
    await user.click(screen.getByRole('link', { name: 'Find a mentor' }));
    expect(screen.getByRole('heading', { name: 'Directory' })).toBeInTheDocument();
    // Done: nothing is left to resume in this browser.
    expect(localStorage.getItem(`mentoring.onboarding.${ada.id}`)).toBeNull();
  }, 30_000);

  it('shows the server’s validation errors next to the fields they name and focuses the first', async () => {
    api();
    server.use(
      http.put('*/api/profile/me', () =>
        HttpResponse.json(
          validationError([
            { path: ['topics', 0], message: 'Leadership is not one of the programme’s topics.' },
            { path: ['availability', 0, 'end'], message: 'A window must end after it starts.' },
            { path: ['city'], message: 'Say which city you can meet in.' },
          ]),
          { status: 400 },
        ),
      ),
    );
    localStorage.setItem(
      `mentoring.onboarding.${ada.id}`,
      JSON.stringify({
        step: 'profile',
        role: 'mentor',
        acceptedVersion: 2,
        draft: {
          role: 'mentor',
          displayName: 'Grace',
          headline: '',
          bio: '',
          languages: ['en'],
          country: 'US',
          timezone: 'America/New_York',
          availability: [{ day: 4, start: '12:00', end: '13:00' }],
          format: 'both',
          topics: ['Leadership'],
          goals: '',
          yearsOfExperience: '20',
          capacity: '2',
          acceptingRequests: true,
          city: 'Boston',
        },
      }),
    );
    const { user } = renderRoutes(routes, '/onboarding');

    // Progress kept in the browser: back at the profile step with what was typed.
    expect(await screen.findByRole('textbox', { name: 'Display name' })).toHaveValue('Grace');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Please correct 3 fields below.')).toBeInTheDocument();
    const end = screen.getByRole('combobox', { name: 'To' });
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription(/A window must end after it starts\./);
    expect(end).toHaveFocus();
    const leadership = screen.getByRole('checkbox', { name: 'Leadership' });
    expect(leadership).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Topics you can help with' })).toHaveAccessibleDescription(/Leadership is not one of the programme’s topics\./);
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveAccessibleDescription(/Say which city you can meet in\./);
    // Still on the profile step, nothing lost.
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveValue('Grace');
  }, 15_000);

  it('checks the form before sending it: a mentee without goals or topics is told where', async () => {
    const state = api();
    localStorage.setItem(`mentoring.onboarding.${ada.id}`, JSON.stringify({ step: 'profile', role: 'mentee', acceptedVersion: 2, draft: null }));
    const { user } = renderRoutes(routes, '/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('checkbox', { name: 'Career change' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Your goals/ })).toHaveAccessibleDescription(/Say what you hope to get from a mentorship\./);
    expect(state.puts).toHaveLength(0);
  });

  it('asks for the code of conduct again when the programme changed it since it was accepted', async () => {
    api();
    localStorage.setItem(`mentoring.onboarding.${ada.id}`, JSON.stringify({ step: 'profile', role: 'mentee', acceptedVersion: 1, draft: null }));
    renderRoutes(routes, '/onboarding');
    expect(await screen.findByRole('heading', { name: 'Code of conduct' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept it/ })).not.toBeChecked();
  });

  it('resumes at the photo after the profile was saved, uploads a photo with a preview, then a mentor sends the application', async () => {
    const state = api(
      ownProfile({ profile: mentorProfile(), codeOfConductVersion: 2, approval: { state: 'draft', submittedAt: null, decidedAt: null, note: null } }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
    const uploads: string[][] = [];
    server.use(
      http.post('*/api/profile/me/photo', async ({ request }) => {
        expect(await request.json()).toEqual({ contentType: 'image/png', size: 4 });
        return HttpResponse.json({ url: 'https://media.example/upload', fields: { key: 'photos/member-grace/1.png', Policy: 'p' }, key: 'photos/member-grace/1.png', expiresAt: '2026-02-01T10:05:00.000Z' });
      }),
      http.post('https://media.example/upload', async ({ request }) => {
        uploads.push([...(await request.formData()).keys()]);
        return new HttpResponse(null, { status: 204 });
      }),
      http.put('*/api/profile/me/photo', async ({ request }) => {
        expect(await request.json()).toEqual({ key: 'photos/member-grace/1.png' });
        state.own = { ...state.own, profile: mentorProfile({ photoUrl: 'https://media.example/photos/member-grace/1-256.webp' }) };
        return HttpResponse.json(state.own);
      }),
    );
    const { user, container } = renderRoutes(routes, '/onboarding');
    expect(await screen.findByRole('heading', { name: 'Photo' })).toBeInTheDocument();

    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['test'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Your photo is saved.')).toBeInTheDocument();
    // S3 reads the policy's fields first and the file last.
    expect(uploads).toEqual([['key', 'Policy', 'file']]);
    expect(screen.getByRole('img', { name: 'Preview of your photo' })).toHaveAttribute('src', 'blob:preview');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Send my application' }));
    expect(await screen.findByRole('heading', { name: 'Thank you! Your application is on its way' })).toBeInTheDocument();
    expect(screen.getByText(/We will e-mail you when they decide/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find a mentor' })).toBeNull();
  });

  it('refuses a file that is not an image before uploading anything', async () => {
    api(ownProfile({ profile: menteeProfile(), codeOfConductVersion: 2, approval: { state: 'draft', submittedAt: null, decidedAt: null, note: null } }));
    const { container } = renderRoutes(routes, '/onboarding');
    await screen.findByRole('heading', { name: 'Photo' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    // The browser's picker honours `accept`, but a file can still be dropped or picked with "All files".
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('That file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
  });
});

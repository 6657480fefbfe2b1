import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATING_STARS } from '@mentoring/shared';
import { messages } from '@mentoring/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/Toast/Toaster';
import { FeedbackDialog } from './FeedbackDialog';
import { RETRY_DELAY_MS, setIdTokenSource } from '@/lib/api-client';

const fetchMock = vi.fn<typeof fetch>();

const answer = (status: number) => new Response(status === 201 ? JSON.stringify({ id: 'f-1' }) : JSON.stringify({ error: { code: 'internal', message: 'boom' } }), { status });

const renderDialog = (feedbackType: 'global' | 'match' = 'global', mentorshipId?: string) => {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <FeedbackDialog open onClose={onClose} feedbackType={feedbackType} mentorshipId={mentorshipId} />
      <Toaster />
    </>,
  );
  return { user, onClose };
};

const stars = () => [1, 2, 3, 4, 5].map((value) => screen.getByTestId(`star-${value}`));
const filledCount = () => stars().filter((star) => star.dataset.filled === 'true').length;
const sentBody = (call = 0) => JSON.parse(fetchMock.mock.calls[call]![1]!.body as string) as unknown;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/about');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setIdTokenSource(async () => null);
});

describe('FeedbackDialog', () => {
  it('shows the global header, prompt and placeholder', () => {
    renderDialog('global');
    const dialog = screen.getByRole('dialog', { name: 'Help us improve our platform!' });
    expect(within(dialog).getByText("We'd love to hear from you! Let us know how we can improve.")).toBeVisible();
    expect(within(dialog).getByPlaceholderText('Your feedback...')).toBeInTheDocument();
  });

  it('shows the match prompt for the match type', () => {
    renderDialog('match');
    expect(screen.getByRole('dialog', { name: messages.feedback.prompts.match })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Do you have any additional thoughts when it comes to matching?' })).toBeInTheDocument();
    expect(screen.queryByText('Help us improve our platform!')).not.toBeInTheDocument();
  });

  it(`offers ${RATING_STARS} stars as a radio group`, () => {
    renderDialog();
    const group = screen.getByRole('group', { name: 'Rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(RATING_STARS);
    expect(within(group).getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
  });

  it('previews the rating on hover and keeps the clicked one', async () => {
    const { user } = renderDialog();
    expect(filledCount()).toBe(0);
    await user.hover(stars()[2]!);
    expect(filledCount()).toBe(3);
    await user.unhover(screen.getByRole('group', { name: 'Rating' }));
    expect(filledCount()).toBe(0);

    await user.click(stars()[3]!);
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.hover(stars()[1]!);
    expect(filledCount()).toBe(2);
    await user.unhover(screen.getByRole('group', { name: 'Rating' }));
    expect(filledCount()).toBe(4);
  });

  it('sets the rating with the keyboard like any radio group', async () => {
    const { user } = renderDialog();
    screen.getByRole('radio', { name: '2 stars' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(filledCount()).toBe(3);
  });

  it('sends the path, rating, type and text with credentials, then toasts, closes and resets', async () => {
    fetchMock.mockResolvedValue(answer(201));
    const { user, onClose } = renderDialog();
    await user.click(stars()[3]!);
    await user.type(screen.getByPlaceholderText('Your feedback...'), 'Lovely mentors');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/feedback');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sentBody()).toEqual({ source: '/about', rating: 4, feedbackType: 'global', answers: ['Lovely mentors'] });
    expect(new Headers(init!.headers).has('authorization')).toBe(false);
    expect(await screen.findByRole('status')).toHaveTextContent('Feedback has been submitted');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("sends a signed-in member's ID token, so the message is stored with their user id", async () => {
    fetchMock.mockResolvedValue(answer(201));
    setIdTokenSource(async () => 'header.payload.signature');
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer header.payload.signature');
  });

  it('has no client-side validation: an empty form is sent with a null rating', async () => {
    fetchMock.mockResolvedValue(answer(201));
    const { user } = renderDialog('match');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sentBody()).toEqual({ source: '/about', rating: null, feedbackType: 'match', answers: [''] });
  });

  it('sends a page path that starts with two slashes with one, which the API takes as a path of this site', async () => {
    window.history.replaceState(null, '', `${window.location.origin}//about`);
    expect(window.location.pathname).toBe('//about');
    fetchMock.mockResolvedValue(answer(201));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sentBody()).toMatchObject({ source: '/about' });
  });

  it('sends match feedback with the mentorship it is about', async () => {
    fetchMock.mockResolvedValue(answer(201));
    const { user } = renderDialog('match', 'ms-1');
    await user.type(screen.getByRole('textbox'), 'A good pair');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sentBody()).toEqual({ source: '/about', rating: null, feedbackType: 'match', answers: ['A good pair'], mentorshipId: 'ms-1' });
  });

  // A lost answer (no connection) is tried once more with the same Idempotency-Key; an error answer is not.
  it.each([
    ['a non-2xx answer', () => fetchMock.mockResolvedValue(answer(500)), 1],
    ['a network error', () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch')), 2],
  ])('on %s toasts the error and stays open with the input kept', async (_case, arrange, tries) => {
    arrange();
    const { user, onClose } = renderDialog();
    await user.click(stars()[1]!);
    await user.type(screen.getByPlaceholderText('Your feedback...'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('There was an error. Please try again.'), {
      timeout: RETRY_DELAY_MS + 1000,
    });
    expect(fetchMock).toHaveBeenCalledTimes(tries);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your feedback...')).toHaveValue('Keep me');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('closes on Cancel without sending anything', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByPlaceholderText('Your feedback...'), 'Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

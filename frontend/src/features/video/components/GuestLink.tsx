import { useState } from 'react';
import { createGuestInvitation } from '../api';
import { copy as text } from '../copy';
import { useDates } from '@/lib/member-zone';

type State = { status: 'idle' | 'creating' | 'failed' } | { status: 'ready'; url: string; expiresAt: string; copied: 'no' | 'yes' | 'failed' };

/**
 * A member makes a guest link for this call: the server signs an invitation for this one call (it expires),
 * and the link carries it in its fragment, which never reaches a server log or a Referer.
 */
export const GuestLink = ({ type, id }: { type: string; id: string }) => {
  const dates = useDates();
  const [state, setState] = useState<State>({ status: 'idle' });

  const create = async () => {
    setState({ status: 'creating' });
    try {
      const { path, expiresAt } = await createGuestInvitation({ type, id });
      setState({ status: 'ready', url: `${window.location.origin}${path}`, expiresAt, copied: 'no' });
    } catch (cause) {
      console.error(cause);
      setState({ status: 'failed' });
    }
  };

  const copy = async (url: string, expiresAt: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setState({ status: 'ready', url, expiresAt, copied: 'yes' });
    } catch {
      setState({ status: 'ready', url, expiresAt, copied: 'failed' });
    }
  };

  return (
    <section className="guest-link" aria-labelledby="guest-link-title">
      <h2 id="guest-link-title">{text.guestLink.title}</h2>
      <p>{text.guestLink.lead}</p>
      {state.status === 'ready' ? (
        <>
          <label>
            {text.guestLink.label}
            <input type="text" readOnly value={state.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <button type="button" className="call-button" onClick={() => void copy(state.url, state.expiresAt)}>
            {text.guestLink.copy}
          </button>
          <p role="status">
            {state.copied === 'yes' ? text.guestLink.copied : state.copied === 'failed' ? text.guestLink.copyFailed : ''}
          </p>
          <p>{text.guestLink.expires(dates.dateTime(state.expiresAt))}</p>
        </>
      ) : (
        <button type="button" className="call-button" disabled={state.status === 'creating'} onClick={() => void create()}>
          {state.status === 'creating' ? text.guestLink.creating : text.guestLink.create}
        </button>
      )}
      {state.status === 'failed' && <p role="alert">{text.guestLink.failed}</p>}
    </section>
  );
};

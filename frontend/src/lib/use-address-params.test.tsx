import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

let change: ReturnType<typeof useAddressParams>[1];
let setParam: ReturnType<typeof useAddressParams>[2];
let router: ReturnType<typeof createMemoryRouter>;

const Probe = () => {
  const [params, set, setOne] = useAddressParams();
  change = set;
  setParam = setOne;
  return <output>{params.toString()}</output>;
};

const mount = (path: string) => {
  router = createMemoryRouter([{ path: '/mentors', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
};

describe('useAddressParams', () => {
  it('keeps both of two changes made before the router commits the first', async () => {
    mount('/mentors');
    await act(async () => {
      change((current) => ({ ...Object.fromEntries(current), topics: 'Leadership' }), { replace: true });
      change((current) => ({ ...Object.fromEntries(current), languages: 'es' }), { replace: true });
    });
    expect(screen.getByRole('status')).toHaveTextContent('topics=Leadership&languages=es');
    expect(router.state.location.search).toBe('?topics=Leadership&languages=es');
  });

  it('follows an address changed from outside the page', async () => {
    mount('/mentors?topics=Leadership');
    expect(screen.getByRole('status')).toHaveTextContent('topics=Leadership');
    await act(() => router.navigate('/mentors?languages=es'));
    expect(screen.getByRole('status')).toHaveTextContent(/^languages=es$/);
  });

  it('leaves a parameter out of the address when it is set to its default, keeping the others', async () => {
    mount('/mentors?role=mentor&q=ada');
    await act(async () => setParam('role', 'all', 'all'));
    expect(router.state.location.search).toBe('?q=ada');
    await act(async () => setParam('q', '', ''));
    expect(router.state.location.search).toBe('');
  });
});

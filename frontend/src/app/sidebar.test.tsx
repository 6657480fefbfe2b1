import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SidebarSelectionProvider, useSidebarSelection } from './sidebar';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageShell } from './PageShell';

describe('sidebar selection', () => {
  it('defaults to Home', () => {
    const { result } = renderHook(() => useSidebarSelection(), { wrapper: SidebarSelectionProvider });
    expect(result.current.selection).toBe('Home');
  });

  it('changes when an entry is selected', () => {
    const { result } = renderHook(() => useSidebarSelection(), { wrapper: SidebarSelectionProvider });
    act(() => result.current.setSelection('Messages'));
    expect(result.current.selection).toBe('Messages');
  });

  it('refuses to work outside its provider', () => {
    const Reader = () => <p>{useSidebarSelection().selection}</p>;
    expect(() => render(<Reader />)).toThrow(/SidebarSelectionProvider/);
  });

  it('is provided to every page by the page shell', () => {
    const Reader = () => <p data-testid="selection">{useSidebarSelection().selection}</p>;
    const router = createMemoryRouter([{ element: <PageShell />, children: [{ path: '/', element: <Reader /> }] }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('selection')).toHaveTextContent('Home');
  });
});

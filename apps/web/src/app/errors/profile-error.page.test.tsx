import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProfileErrorPage } from './profile-error.page.tsx';

describe('ProfileErrorPage', () => {
  it('says what failed and offers a retry and a way out', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <ProfileErrorPage message="Unstable Internet Connection" onRetry={onRetry} retrying={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Your profile could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Unstable Internet Connection')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/auth/logout');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    // While the retry runs the button is busy and takes no second click.
    rerender(
      <MemoryRouter>
        <ProfileErrorPage message="Unstable Internet Connection" onRetry={onRetry} retrying />
      </MemoryRouter>,
    );
    const retry = screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement;
    expect(retry.disabled).toBe(true);
    expect(retry.getAttribute('aria-busy')).toBe('true');
  });
});

import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { MapView } from './map-view.tsx';

describe('MapView', () => {
  it('without WebGL 2 keeps its place and name and says why, in words', async () => {
    // jsdom has no WebGL at all, like a browser with it turned off.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await i18n.changeLanguage('en-US');
    render(
      <I18nextProvider i18n={i18n}>
        <MapView label="Site position and fence" initialView={{ center: [9.19, 45.46], zoom: 12 }} height={240} />
      </I18nextProvider>,
    );
    const message = await screen.findByText(/this browser does not provide WebGL 2/, {}, { timeout: 15_000 });
    const region = screen.getByRole('region', { name: 'Site position and fence' });
    expect(region.contains(message)).toBe(true);
    expect(region.style.height).toBe('240px');
    expect(region.querySelector('canvas')).toBeNull();
  }, 30_000);
});

import { createContext, useContext } from 'react';

/** Look-and-feel switches; only the development settings panel changes them. */
export interface ThemeSettings {
  dark: boolean;
  compact: boolean;
}

export const THEME_KEY = 'fleetdesk.theme';

export function storedTheme(): ThemeSettings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(THEME_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const { dark, compact } = parsed as Partial<ThemeSettings>;
      return { dark: dark === true, compact: compact === true };
    }
  } catch {
    // A broken value means defaults.
  }
  return { dark: false, compact: false };
}

export const ThemeContext = createContext<{ theme: ThemeSettings; setTheme: (theme: ThemeSettings) => void }>({
  theme: { dark: false, compact: false },
  setTheme: () => undefined,
});
export const useThemeSettings = () => useContext(ThemeContext);

/** Document 1 §9: primary blue, success green, warning orange, danger red. */
export const brandTokens = {
  colorPrimary: '#1677ff',
  colorInfo: '#1677ff',
  colorSuccess: '#52c41a',
  colorWarning: '#fa8c16',
  colorError: '#f5222d',
};

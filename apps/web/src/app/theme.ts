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

/**
 * Document 1 §9: primary blue, success green, warning orange, danger red. The blue is antd's blue-7 rather than
 * its default blue-6 (#1677ff): white on #1677ff and #1677ff on the selected menu item's tint stay under WCAG's
 * 4.5:1 (4.1 and 3.7), blue-7 gives 6.2 and 5.5 (issue 27, axe's color-contrast). The red likewise is red-7: a
 * danger button's #f5222d on white is 4.1:1, #cf1322 5.6:1.
 */
export const brandTokens = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorSuccess: '#52c41a',
  colorWarning: '#fa8c16',
  colorError: '#cf1322',
};

/**
 * The light theme's secondary texts at WCAG AA (4.5:1 on white and on the layout's #f5f5f5). antd's defaults are
 * black at 45 % (#8c8c8c, 3.4:1: breadcrumbs, descriptions, form hints, step titles, counters) and 25 % for
 * placeholders (#bfbfbf, 1.8:1; a Select's placeholder is text on the page, and axe counts it). The dark algorithm
 * keeps its own (these are black on light).
 */
export const accessibleLightTokens = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};

/**
 * Tags at WCAG AA on their own tint (light theme): a status tag writes in colorSuccess/colorWarning (#52c41a on
 * #f6ffed is 2.2:1) and a preset colour tag in that colour's shade 7 (green-7 on green-1 3.4:1; gold, orange, cyan,
 * volcano, lime and yellow fail too). Only the Tag's text darkens, a shade or two; icons, badges and the brand
 * colours elsewhere keep theirs.
 */
export const accessibleLightComponents = {
  Tag: {
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    green7: '#237804',
    gold7: '#874d00',
    orange7: '#ad4e00',
    cyan7: '#006d75',
    volcano7: '#ad2102',
    lime7: '#3f6600',
    yellow7: '#876800',
  },
  // Text typed "warning" or "success" writes in colorWarningText/colorSuccessText: #fa8c16 on white is 2.4:1.
  Typography: { colorWarningText: '#ad4e00', colorSuccessText: '#237804' },
  // A table without rows writes its placeholder (a plain "no data" text) in the disabled grey, #bfbfbf (1.8:1).
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
};

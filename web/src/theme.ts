import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';
import { FONT_FAMILY } from './font-family';

const brand: MantineColorsTuple = [
  '#edf2ff',
  '#dbe4ff',
  '#bac8ff',
  '#91a7ff',
  '#748ffc',
  '#5c7cfa',
  '#4c6ef5',
  '#4263eb',
  '#3b5bdb',
  '#364fc7',
];

const fontFamily = FONT_FAMILY;

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // Shade 8 keeps white button labels and brand-coloured links at 4.5:1 or more (WCAG AA), also on the
  // light alert backgrounds; shade 6 reached only 4.3:1.
  primaryShade: { light: 8, dark: 6 },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    // Toast text: Mantine's grey-6 (3.3:1 on white) is too light; the app's dimmed is 4.5:1 or more.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/** Below 768 px (Mantine's `sm`, 48em) the navigation collapses into a side sheet. */
export const NAV_BREAKPOINT_QUERY = '(min-width: 48em)';

/**
 * Text colours chosen for 4.5:1 on white and on the light grey and light red surfaces (WCAG AA):
 * Mantine's dimmed grey (#868e96, 3.3:1) and error red (#fa5252, 3.3:1) are too light for body text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': current.colors.red[9],
  },
  dark: {},
});

/** The theme with the strings Mantine draws itself (a toast's close button) in the reader's language. */
export function localizedTheme(closeLabel: string): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } },
  });
}

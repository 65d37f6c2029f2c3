import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  getPrimaryShade,
  luminance,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
  parseThemeColor,
  type VariantColorsResolver,
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

/** WCAG 2.1 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Body text needs 4.5:1 (WCAG 1.4.3 AA). */
const AA = 4.5;
const WHITE = '#ffffff';
const BLACK = '#000000';
const LIGHT_SHADE = 8;

/**
 * The first of `candidates` (shade indexes of `shades`) that reaches 4.5:1 on every surface, else the
 * last one darkened until it does.
 */
function readableOn(shades: readonly string[], candidates: number[], surfaces: string[]): string {
  const passes = (color: string) => surfaces.every((surface) => contrastRatio(color, surface) >= AA);
  for (const index of candidates) if (passes(shades[index] as string)) return shades[index] as string;
  const darkest = shades[candidates[candidates.length - 1] as number] as string;
  let color = darkest;
  for (let step = 0.05; !passes(color) && step < 1; step += 0.05) color = darken(darkest, step);
  return color;
}

const PAGE_SURFACES = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

/**
 * Coloured text (`c="teal"`) and outlines on the page's white and light grey surfaces: shade 8, else 9,
 * else 9 darkened. Mantine's shade 8 of yellow, lime, orange, green, teal and cyan is 2.5 to 4.4:1.
 */
export function readableText(shades: readonly string[]): string {
  return readableOn(shades, [LIGHT_SHADE, 9], PAGE_SURFACES);
}

/**
 * Text of the light and subtle variants (Mantine: shade 9 on the shade 1 tint, shade 2 on hover),
 * darkened where that is under 4.5:1 (yellow, lime, orange, green).
 */
export function readableLightColor(shades: readonly string[]): string {
  return readableOn(shades, [9], [WHITE, shades[1] as string, shades[2] as string]);
}

/**
 * Text and hover shade of a filled button or badge of `palette` at `shade`: white text where the fill
 * and its darker hover shade both reach 4.5:1 with it; otherwise black text, hovering to the lighter
 * shade instead (white on orange, yellow, teal or cyan is 2.5 to 4.4:1).
 */
export function filledColors(palette: readonly string[], shade: number): { text: string; hover: string } {
  const background = palette[shade] as string;
  const darker = palette[Math.min(shade + 1, 9)] as string;
  if (contrastRatio(WHITE, background) >= AA && contrastRatio(WHITE, darker) >= AA) {
    return { text: WHITE, hover: darker };
  }
  return { text: BLACK, hover: palette[Math.max(shade - 1, 0)] as string };
}

/** Filled variants take filledColors; everything else is Mantine's. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const palette = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  if (!palette) return colors;
  const { text, hover } = filledColors(palette, parsed.shade ?? getPrimaryShade(input.theme, 'light'));
  return { ...colors, color: text, hover };
};

export const theme = createTheme({
  primaryColor: 'brand',
  variantColorResolver,
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
    // Coloured text, outlines and the light and subtle variants, per palette: see readableText and
    // readableLightColor.
    ...Object.fromEntries(
      Object.entries(current.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-text`, readableText(shades)],
        [`--mantine-color-${name}-outline`, readableText(shades)],
        [`--mantine-color-${name}-light-color`, readableLightColor(shades)],
      ]),
    ),
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': current.colors.red[9],
  },
  dark: {},
});

/**
 * The theme with the strings Mantine draws itself (the close buttons of toasts, dialogs and side
 * sheets) in the reader's language; a dialog that passes its own closeButtonProps keeps them.
 */
export function localizedTheme(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return mergeThemeOverrides(theme, {
    components: {
      Notification: { defaultProps: { closeButtonProps } },
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  });
}

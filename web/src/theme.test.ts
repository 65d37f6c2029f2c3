import { DEFAULT_THEME, defaultVariantColorsResolver } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  cssVariablesResolver,
  filledColors,
  readableLightColor,
  readableText,
  theme,
} from './theme';

const palettes = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;
const fullTheme = { ...DEFAULT_THEME, ...theme, colors: palettes } as typeof DEFAULT_THEME;

describe('theme colours reach 4.5:1 (WCAG AA body text)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // Mantine's orange 8 under white text: the 'Popular' badge before this theme.
    expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.orange[8])).toBeCloseTo(3.58, 1);
  });

  it.each(Object.keys(palettes))('text in %s on white, light grey and its own tints', (name) => {
    const shades = palettes[name] as string[];
    const variables = cssVariablesResolver(fullTheme).light;
    const text = variables[`--mantine-color-${name}-text`] as string;
    expect(text).toBe(readableText(shades));
    for (const surface of ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) {
      expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
    }
    const light = variables[`--mantine-color-${name}-light-color`] as string;
    expect(light).toBe(readableLightColor(shades));
    // The light variant's background and hover (Mantine: shades 1 and 2).
    for (const surface of ['#ffffff', shades[1] as string, shades[2] as string]) {
      expect(contrastRatio(light, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(Object.keys(palettes))('a filled %s button or badge has readable text, also on hover', (name) => {
    const shades = palettes[name] as string[];
    const { text, hover } = filledColors(shades, 8);
    expect(contrastRatio(text, shades[8] as string)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, hover)).toBeGreaterThanOrEqual(4.5);
    const resolved = fullTheme.variantColorResolver({ color: name, theme: fullTheme, variant: 'filled' });
    expect(resolved.color).toBe(text);
    expect(resolved.hover).toBe(hover);
    expect(resolved.background).toBe(
      defaultVariantColorsResolver({ color: name, theme: fullTheme, variant: 'filled' }).background,
    );
  });
});

describe('localizedTheme', () => {
  it('names the close buttons of toasts, dialogs and side sheets in the reader language', async () => {
    const { localizedTheme } = await import('./theme');
    const components = localizedTheme('关闭').components ?? {};
    for (const name of ['Notification', 'Modal', 'Drawer']) {
      expect(components[name]?.defaultProps).toMatchObject({ closeButtonProps: { 'aria-label': '关闭' } });
    }
  });
});

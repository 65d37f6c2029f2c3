import { DEFAULT_THEME, defaultVariantColorsResolver } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, filledColors, readableShade, theme } from './theme';

const palettes = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;
const fullTheme = { ...DEFAULT_THEME, ...theme, colors: palettes } as typeof DEFAULT_THEME;

describe('theme colours reach 4.5:1 (WCAG AA body text)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // Mantine's orange 8 under white text: the 'Popular' badge before this theme.
    expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.orange[8])).toBeCloseTo(3.58, 1);
  });

  it.each(Object.keys(palettes))('text in %s on white and on its light tint', (name) => {
    const shades = palettes[name] as string[];
    const color = readableShade(shades);
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const variables = cssVariablesResolver(fullTheme).light;
    expect(variables[`--mantine-color-${name}-text`]).toBe(color);
    expect(variables[`--mantine-color-${name}-light-color`]).toBe(color);
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

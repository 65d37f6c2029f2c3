import { fileURLToPath } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

// The macros read the catalogs' settings from web/lingui.config.ts, wherever the build or the tests run from.
process.env.LINGUI_CONFIG ??= fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

/**
 * Lingui's macros (`t`, `plural`, `msg` from @lingui/*\/macro) compiled by Babel, in the files that import
 * one only: the filter is a Rolldown hook filter, so every other module never reaches Babel.
 */
export const linguiMacros = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: {
    filter: {
      id: { include: [/\.[jt]sx?$/], exclude: [/[\\/]node_modules[\\/]/] },
      code: /from\s*['"]@lingui\/(core|react)\/macro['"]/,
    },
  },
});

/** The plugin that compiles them: the build's (vite.config.ts), the unit tests' and the browser tests'. */
export const linguiMacrosPlugin = () => babel({ presets: [linguiMacros] });

// Latin first, then the common CJK faces so Chinese text never falls back to a serif. The theme's
// font (theme.ts), and the first paints (first-paint-base.ts), which draw before the theme exists.
export const FONT_FAMILY =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif";

/** The home hero's texts per language, from the shared catalogs at build time (vite-first-paint.ts). */
declare module 'virtual:first-paint-hero' {
  type HeroTexts = { heroTitle: string; heroSubtitle: string };
  export const en: HeroTexts;
  export const zh: HeroTexts;
}

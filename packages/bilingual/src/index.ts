export * from './dictionary.ts';
export * from './translate.ts';

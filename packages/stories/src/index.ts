export * from './decide.ts';
export * from './fingerprint.ts';
export * from './story-index.ts';
export * from './tokenize.ts';

export * from './decide.ts';
export * from './fingerprint.ts';
export * from './match-text.ts';
export * from './story-index.ts';
export * from './terms.ts';
export * from './tokenize.ts';

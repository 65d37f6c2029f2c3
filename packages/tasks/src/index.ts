export * from './generation/index.ts';
export * from './podcast/index.ts';
export * from './crawl/index.ts';

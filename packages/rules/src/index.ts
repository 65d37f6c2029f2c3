// The product's pure rules shared by the web app and the services, over the contracts' constants and
// types (@app/contracts holds schemas, constants and types only). No I/O and no state: each module is
// safe in the browser, and the web app's bundle keeps only the functions it calls.
export * from './feed-links.ts';
export * from './generation.ts';
export * from './keywords.ts';
export * from './language.ts';
export * from './local-name.ts';
export * from './money.ts';
export * from './newsletter.ts';
export * from './opml.ts';
export * from './payment-errors.ts';
export * from './platform-order.ts';
export * from './podcast.ts';
export * from './source-name.ts';
export * from './story-cursor.ts';
export * from './web-pages.ts';

// Text shown to readers in more than one place (the web app's cards, the digest email).
export { type ExcerptOptions, summaryExcerpt } from './summary-excerpt.ts';
export { type PlainTextOptions, plainText } from './plain-text.ts';

// The debug screens (second spec document, "Debug screens") as one chunk: a reader who opens one is
// checking the app and may well open the next, and the app's shell keeps one import of them, not five.
export { AuthTestPage } from './auth-test-page';
export { DataTestPage } from './data-test-page';
export { DatabaseTestPage } from './database-test-page';
export { LanguageFilterTestPage } from './language-filter-test-page';
export { SimpleTestPage } from './simple-test-page';

import { describe } from 'vitest';
import { describeRoutesFor } from './a11y-routes.ts';

// Every route of the router passes axe-core (WCAG 2.1 A and AA) for a admin: see a11y-routes.ts.
describe('every route passes axe-core for a admin', () => {
  describeRoutesFor('admin');
});

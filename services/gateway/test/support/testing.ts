// The gateway's test support, for the tests that run it together with another service (integration/).
export { hashToken } from '../../src/lib/opaque-token.ts';
export * from '../newsletter/newsletter-support.ts';
export * from './gateway-harness.ts';

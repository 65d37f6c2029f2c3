import type Stripe from 'stripe';
import { type GatewayConfig, paymentsModeOf } from '../../config.ts';

export type StripeClient = Stripe;
/** Stripe's SDK, loaded by the first call that needs it (checkout, a webhook), not at start-up. */
export type StripeLoader = () => Promise<Stripe>;

/** Stripe's SDK (on first use), or null without a secret key; STRIPE_API_BASE points it elsewhere (tests: a fake). */
export function createStripeClient(config: GatewayConfig): StripeLoader | null {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(key, {
          // Checkout has its own retry policy (spec §9); the SDK's would multiply it.
          maxNetworkRetries: 0,
          timeout: 20_000,
          ...(base && {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }),
        }),
    );
    return client;
  };
}

/** Stripe or the demo checkout can take a checkout (the demo's price ids are its own). */
export function isCheckoutConfigured(config: GatewayConfig): boolean {
  return paymentsModeOf(config) !== 'off';
}

import type { Logger } from '@app/logger';
import type { Redis } from 'ioredis';

/**
 * How long a write waits for Redis to take its announcement, and a starting process for its
 * subscription, before going on without: an unreachable Redis slows them by this much at most.
 */
const REDIS_WAIT_MS = 1_000;

/** `promise`, or nothing once `ms` have passed. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]).then(() => undefined);

export type ChangeChannel = {
  /** Tells every gateway process (this one too) that the data changed; never throws. */
  announce(): Promise<void>;
  /** Called on every announcement, and whenever the subscription (re)connects. */
  onChange(listener: () => void): void;
  /** Resolves once announcements are heard (after the first subscription's change), or after a second. */
  listening(): Promise<void>;
  close(): Promise<void>;
};

/**
 * "Something changed" between the gateway processes, over Redis pub/sub on `channel`. Publishing goes
 * through `redis`; listening needs a connection of its own (a subscribed connection takes no other
 * command), made from the same settings. Announcements are not kept: a process that was cut off from
 * Redis hears nothing of what happened meanwhile, so a (re)connected subscription counts as a change
 * too. Without Redis (no REDIS_URL) announcements reach this process alone.
 */
export function createChangeChannel(
  redis: Redis | undefined,
  channel: string,
  logger: Logger,
): ChangeChannel {
  const listeners: (() => void)[] = [];
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const warn = (error: unknown, message: string) => logger.warn({ err: error, channel }, message);

  if (!redis) {
    return {
      announce: async () => notify(),
      onChange: (listener) => void listeners.push(listener),
      listening: async () => undefined,
      close: async () => undefined,
    };
  }

  // Subscribed again on every connection below, not by ioredis: a subscription refused while Redis
  // was down at boot would otherwise never be made.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  let markSubscribed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => {
    markSubscribed = resolve;
  });
  subscriber.on('error', (error) => warn(error, 'change channel: redis error'));
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        notify();
        markSubscribed();
      },
      (error) => warn(error, 'change channel: subscribe failed'),
    );
  });
  subscriber.on('message', (from) => {
    if (from === channel) notify();
  });

  return {
    async announce() {
      const published = redis.publish(channel, '1').then(
        () => undefined,
        (error) => warn(error, 'change channel: publish failed; other processes catch up within their TTL'),
      );
      await within(published, REDIS_WAIT_MS);
    },
    onChange: (listener) => void listeners.push(listener),
    listening: () => within(subscribed, REDIS_WAIT_MS),
    // As the rate-limit connection: quit() waits for a reconnect that may never come when Redis is down.
    async close() {
      await within(
        subscriber.quit().catch(() => undefined),
        REDIS_WAIT_MS,
      );
      subscriber.disconnect();
    },
  };
}

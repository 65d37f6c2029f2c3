import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'gateway:cluster-metrics';
const RESULT = 'gateway:cluster-metrics-result';
const TIMEOUT_MS = 5000;

type Request = { type: typeof REQUEST; id: number };
type Result = { type: typeof RESULT; id: number; text?: string; error?: string };

const isRequest = (message: unknown): message is Request =>
  typeof message === 'object' && message !== null && (message as Request).type === REQUEST;
const isResult = (message: unknown): message is Result =>
  typeof message === 'object' && message !== null && (message as Result).type === RESULT;

/**
 * In the primary: answers a worker's request for the metrics of every worker, summed by prom-client's
 * AggregatorRegistry (which asks each worker for its registry over the same IPC channel).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: RESULT, id: message.id, text } satisfies Result),
      (error: Error) =>
        worker.isConnected() &&
        worker.send({ type: RESULT, id: message.id, error: error.message } satisfies Result),
    );
  });
}

/**
 * In a worker: reports `registry` when the primary aggregates, and returns the function /metrics calls
 * for the whole gateway's metrics (not only this worker's, which a scrape would otherwise get at random).
 */
export function workerClusterMetrics(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener that answers the primary's requests.
  new AggregatorRegistry();
  let next = 0;
  const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  process.on('message', (message: unknown) => {
    if (!isResult(message)) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.text ?? '');
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('the cluster primary did not answer with metrics in time'));
      }, TIMEOUT_MS);
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: REQUEST, id } satisfies Request);
    });
}

import { parentPort, workerData } from 'node:worker_threads';
import { buildCompactDictionary, readCedict } from './dictionary.ts';

/** Runs on a worker thread: builds the compact dictionary under the key it is given and sends its text. */
const { key } = workerData as { key: string };
readCedict().then((entries) => parentPort!.postMessage(buildCompactDictionary(key, entries)));

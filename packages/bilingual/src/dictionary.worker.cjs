// The dictionary worker's entry when running from sources: a worker's first module is loaded before
// tsx's hooks apply to import(), while require() of a TypeScript file from a file entry goes through
// them (Node 20). The compiled gateway starts dist/dictionary.worker.js instead.
require(require('node:worker_threads').workerData.module);

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

declare module 'vitest' {
  // vitest types provide/inject through declaration merging, which needs an interface.
  export interface ProvidedContext {
    /** The run's one Chromium, which every browser test file connects to. */
    chromiumEndpoint: string;
  }
}

/**
 * vitest globalSetup of the browser tests: one Chromium for the whole run. Each file connects to it
 * and works in browser contexts of its own (own cookies, storage and cache), so files stay apart
 * while the machine starts one browser instead of one per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

import { defineConfig } from 'vitest/config';
import { linguiMacrosPlugin } from './lingui-macros.ts';

// Unit tests for the web app's pure logic (no DOM needed). The root config may also pick these up.
export default defineConfig({
  // The screens' Lingui macros, compiled as the app's build compiles them.
  plugins: [linguiMacrosPlugin()],
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // As the node projects: on a loaded 2-core host a file's first test also pays for its imports.
    testTimeout: 30_000,
  },
});

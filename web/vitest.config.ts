import { defineConfig } from 'vitest/config';

// Unit tests for the web app's pure logic (no DOM needed). The root config may also pick these up.
export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});

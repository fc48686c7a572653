import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One project per room. The JSON report feeds the one-line summary .ci/run ends with.
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { test: { name: 'common', include: ['test/common/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'main',
          include: ['test/main/**/*.test.ts', 'test/packaging/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

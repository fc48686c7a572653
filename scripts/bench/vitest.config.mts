import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The benchmark's own checks (bench.test.ts). Not a project of the repo's vitest
// config: `npm test` does not run the benchmark, and these belong with it.
//   npx vitest run --config scripts/bench/vitest.config.mts
const here = fileURLToPath(new URL('.', import.meta.url));
export default defineConfig({
  cacheDir: `${here}../../node_modules/.vite-bench`,
  test: { root: here, include: ['*.test.ts'], environment: 'node' },
});

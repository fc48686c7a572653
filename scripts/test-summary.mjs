// Prints vitest's JSON report as the plain one-line summary CI reads:
// "tests: N passed, N failed, N skipped". Missing report = nothing ran.
import { readFileSync } from 'node:fs';

let report;
try {
  report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
} catch {
  console.log('tests: 0 passed, 1 failed');
  console.error('No test report: the checks before the tests failed, or vitest did not run.');
  process.exit(0);
}
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
// A file that fails without a failing test (an import error) still counts, once; otherwise the tests do.
const failed = report.numFailedTests || report.numFailedTestSuites || 0;
console.log(`tests: ${report.numPassedTests ?? 0} passed, ${failed} failed, ${skipped} skipped`);

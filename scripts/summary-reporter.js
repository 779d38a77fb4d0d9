// Prints one plain closing line ("N passed, N failed, N skipped") that CI logs can be read by.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, numRuntimeErrorTestSuites: broken } = results;
    process.stdout.write(`\ntests: ${passed} passed, ${failed + broken} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;

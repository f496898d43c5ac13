// The suite's failures once more, as the run's very last lines: the line reporter CI uses prints a failure where it
// happens, so a log read from its end (CI keeps the tail of a 40-minute run) showed "1 failed" and a title but not
// why. Each failed test: its title and place, its error (the first lines, without colour codes), and the last lines
// it wrote to stdout or stderr.
import { stripVTControlCharacters as plain } from 'node:util';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const ERROR_LINES = 25;
const OUTPUT_LINES = 10;

const lines = (text: string, n: number) => plain(text).trimEnd().split('\n').slice(0, n);
const lastLines = (chunks: (string | Buffer)[], n: number) => plain(chunks.map(String).join('')).trimEnd().split('\n').slice(-n);

export default class FailuresAtTheEnd implements Reporter {
  private failed: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus) this.failed.push({ test, result });
  }

  onEnd(): void {
    if (this.failed.length === 0) return;
    const out: string[] = ['', `── ${this.failed.length} failed, why (again at the end) ──`];
    for (const { test, result } of this.failed) {
      out.push('', `✘ ${test.titlePath().filter(Boolean).join(' › ')} (${test.location.file.replace(/^.*\/tests\//, 'tests/')}:${test.location.line}) — ${result.status} after ${(result.duration / 1000).toFixed(1)} s`);
      for (const e of result.errors) out.push(...lines(e.stack ?? e.message ?? String(e.value), ERROR_LINES).map((l) => `    ${l}`));
      const output = [...result.stdout, ...result.stderr];
      if (output.length) out.push('    output, last lines:', ...lastLines(output, OUTPUT_LINES).map((l) => `      ${l}`));
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}

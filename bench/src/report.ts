import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Timing } from './measure';

/** One line of the results table. */
export interface ResultRow {
  /** The case, e.g. `(b)`. */
  key: string;
  /** What was measured. */
  label: string;
  /** The measurement, formatted (e.g. `412 ns`, `0.78 s`). */
  value: string;
  /** The spread, formatted (p25–p75), if timed in rounds. */
  spread?: string;
  /** The median process CPU time, formatted, if timed in rounds. */
  cpu?: string;
  /** The ratio to its baseline, formatted (e.g. `2.1x (a)`). */
  ratio?: string;
  /** The target, in words. */
  target?: string;
  /** Whether the target was met; undefined for rows without a target. */
  pass?: boolean;
}

/** Everything the run found, as written to the JSON file. */
export interface BenchReport {
  node: string;
  platform: string;
  cpus: number;
  startedAt: string;
  elapsedMs: number;
  rows: ResultRow[];
  raw: Record<string, unknown>;
}

/**
 * Prints the rows as an aligned text table.
 * @param rows - the rows, in order
 */
export function printTable(rows: readonly ResultRow[]): void {
  const header = ['case', 'what', 'median', 'p25–p75', 'cpu', 'ratio', 'target', 'status'];
  const lines = rows.map((row) => [
    row.key,
    row.label,
    row.value,
    row.spread ?? '',
    row.cpu ?? '',
    row.ratio ?? '',
    row.target ?? '',
    row.pass === undefined ? '' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 || column === 4 || column === 5 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join(' | ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const line of lines) console.log(format(line));
  const failed = rows.filter((row) => row.pass === false).map((row) => row.key);
  const checked = rows.filter((row) => row.pass !== undefined).length;
  console.log(
    failed.length === 0 ? `\nall ${checked} targets PASS` : `\n${failed.length} of ${checked} targets FAIL: ${failed.join(', ')}`,
  );
}

/**
 * Writes the report as JSON.
 * @param path - where to write it
 * @param report - the report
 */
export function writeReport(path: string, report: BenchReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}

/** Formats nanoseconds: `412 ns`, `1.23 µs`. */
export function formatNs(ns: number): string {
  return ns < 1000 ? `${ns.toFixed(0)} ns` : `${(ns / 1000).toFixed(2)} µs`;
}

/** Formats milliseconds: `0.004 ms`, `412 ms`, `1.20 s`. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Formats bytes: `734 B`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? '-' : '';
  const size = Math.abs(bytes);
  if (size < 1024) return `${sign}${size.toFixed(0)} B`;
  return size < 1024 * 1024 ? `${sign}${(size / 1024).toFixed(1)} KB` : `${sign}${(size / (1024 * 1024)).toFixed(2)} MB`;
}

/**
 * One timed case as a row: median, spread and CPU median; with a baseline, the ratios of both to it;
 * with a limit, a target on the wall-time ratio.
 * @param timings - the timings by case key
 * @param key - the case's key, shown as `(key)`
 * @param label - what was measured
 * @param compare - the baseline's key and, optionally, the most the ratio may be
 * @returns the row
 */
export function timedRow(
  timings: ReadonlyMap<string, Timing>,
  key: string,
  label: string,
  compare: { baseline?: string | undefined; limit?: number | undefined } = {},
): ResultRow {
  const timing = timings.get(key)!;
  const { baseline, limit } = compare;
  const base = baseline === undefined ? undefined : timings.get(baseline)!;
  const ratio = base === undefined ? undefined : timing.medianNs / base.medianNs;
  return {
    key: `(${key})`,
    label,
    value: formatNs(timing.medianNs),
    spread: `${formatNs(timing.p25Ns)}–${formatNs(timing.p75Ns)}`,
    cpu: formatNs(timing.cpuMedianNs),
    ...(base ? { ratio: `${ratio!.toFixed(2)}x (${baseline}) (cpu ${(timing.cpuMedianNs / base.cpuMedianNs).toFixed(2)}x)` } : {}),
    ...(limit !== undefined ? { target: `≤ ${limit}x (${baseline})`, pass: ratio! <= limit } : {}),
  };
}

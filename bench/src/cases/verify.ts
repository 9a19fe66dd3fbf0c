import type { BenchCase } from '../measure';

interface ResultLike {
  content?: unknown;
  isError?: unknown;
}

/**
 * Runs every case once and checks it answers as it should, so the timings compare like with like.
 * @param cases - the cases
 * @param expectError - the keys whose calls must fail
 * @returns one sample content per case, by key
 * @throws Error when a case answers wrongly
 */
export async function verifyCases(cases: readonly BenchCase[], expectError: ReadonlySet<string>): Promise<Record<string, string>> {
  const samples: Record<string, string> = {};
  for (const benchCase of cases) {
    if (benchCase.key === 'noop') continue;
    const answer = (await benchCase.run()) as ResultLike | ResultLike[];
    const results = Array.isArray(answer) ? answer : [answer];
    for (const result of results) {
      const failed = result.isError === true;
      if (failed !== expectError.has(benchCase.key) || (!failed && result.content !== '7')) {
        throw new Error(`case ${benchCase.key} answered wrongly: ${JSON.stringify(result)}`);
      }
    }
    samples[benchCase.key] = String(results[0].content);
  }
  return samples;
}

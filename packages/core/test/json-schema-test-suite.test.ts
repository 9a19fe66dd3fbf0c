import {
  figuresOf,
  judgeWithAjv,
  judgeWithToolcraft,
  loadRemotes,
  loadSuite,
  locateSuite,
  missingSuite,
  suiteVersion,
  testName,
  type SuiteDraft,
} from './support/json-schema-test-suite.js';

/**
 * The official JSON Schema Test Suite's required tests, through explicit-schema tools and
 * `AgentEnvironment.executeTool`, side by side with ajv alone. Wherever ajv alone passes a test,
 * toolcraft passes it too, except for the differences below, each on purpose (see the core README,
 * "JSON Schema fidelity"). Set `TOOLCRAFT_SUITE_FIGURES=1` to print the figures.
 */
const unchecked = 'a format ajv-formats does not check is refused when the tool is built (ajv alone ignores it)';
const prototypeKeys =
  'a property named __proto__, constructor or prototype is refused when the tool is built (such keys are refused in every call)';
const differences: Record<string, string> = {
  'format.json / idn-email format': unchecked,
  'format.json / idn-hostname format': unchecked,
  'format.json / iri format': unchecked,
  'format.json / iri-reference format': unchecked,
  'properties.json / properties whose names are Javascript object property names': prototypeKeys,
  'required.json / required properties whose names are Javascript object property names': prototypeKeys,
};

const drafts: SuiteDraft[] = ['draft7', 'draft2020-12'];

describe.each(drafts)('JSON Schema Test Suite, %s', (draft) => {
  const directory = locateSuite(draft);

  it('passes every required test that ajv alone passes, and no schema ajv compiles crashes a tool', async () => {
    if (directory === undefined) throw new Error(missingSuite);
    const tests = loadSuite(directory, draft);
    expect(tests.length).toBeGreaterThan(0);
    const remotes = loadRemotes(directory, draft);
    const ours = await judgeWithToolcraft(tests, draft, remotes);
    const ajv = judgeWithAjv(tests, draft, remotes);
    if (process.env.TOOLCRAFT_SUITE_FIGURES === '1') {
      process.stdout.write(
        `${draft} (${directory}, ${suiteVersion(directory)}): toolcraft ${JSON.stringify(figuresOf(ours.verdicts))}, ajv ${JSON.stringify(figuresOf(ajv))}\n`,
      );
      const listed = tests.map((test, index) => `${ours.verdicts[index]} (ajv ${ajv[index]}): ${testName(test)}`);
      process.stdout.write(`${listed.filter((line) => !line.startsWith('pass')).join('\n')}\n`);
    }
    expect(ours.crashes).toEqual([]);
    const behind = tests
      .map((test, index) => ({ test, name: testName(test), ours: ours.verdicts[index], ajv: ajv[index] }))
      .filter((each) => each.ajv === 'pass' && each.ours !== 'pass')
      // Refused at definition on purpose; a call judged otherwise than ajv is never listed here.
      .filter((each) => !(each.ours === 'refused' && differences[`${each.test.file} / ${each.test.caseDescription}`] !== undefined))
      .map((each) => `${each.ours}: ${each.name}`);
    expect(behind).toEqual([]);
  }, 120_000);
});

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AgentEnvironment, InvalidToolDefinitionError, type JsonSchema, Tool, ToolRegistry } from '../../src/index.js';

/** The drafts of the official JSON Schema Test Suite that toolcraft runs. */
export type SuiteDraft = 'draft7' | 'draft2020-12';

/** One test of the suite: a schema, an instance and whether the instance is valid. */
export interface SuiteTest {
  file: string;
  caseDescription: string;
  testDescription: string;
  schema: unknown;
  data: unknown;
  valid: boolean;
}

/** How one side (toolcraft or ajv alone) judged one test. */
export type Verdict = 'pass' | 'fail' | 'refused' | 'crashed';

/**
 * Debian's `libtest-json-schema-acceptance-perl` (Test::JSON::Schema::Acceptance) ships the
 * json-schema-org suite's `tests/` and `remotes/` for drafts 3 to 2020-12 (bookworm's 1.019: the
 * suite of 2023-03-31, commit 47958f8). Debian's `json-schema-test-suite` package carries draft 7 only.
 */
const debianPackage = 'libtest-json-schema-acceptance-perl';
const debianDirectory = '/usr/share/perl5/auto/share/dist/Test-JSON-Schema-Acceptance';

/**
 * Where the suite is: `JSON_SCHEMA_TEST_SUITE` (a directory holding the suite's `tests/` and
 * `remotes/`, such as a checkout of the current suite), else the copy in Debian's
 * `libtest-json-schema-acceptance-perl`, installed here when missing and the tests run as root (as CI does).
 * @param draft - the draft wanted
 * @returns the suite's directory, or undefined when none has the draft
 */
export function locateSuite(draft: SuiteDraft): string | undefined {
  const fromEnvironment = process.env.JSON_SCHEMA_TEST_SUITE;
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return existsSync(join(fromEnvironment, 'tests', draft)) ? fromEnvironment : undefined;
  }
  if (!existsSync(join(debianDirectory, 'tests', draft)) && process.getuid?.() === 0) installDebianPackage();
  return existsSync(join(debianDirectory, 'tests', draft)) ? debianDirectory : undefined;
}

/**
 * @param directory - the suite's directory
 * @returns the suite's commit, where the copy names it (Test::JSON::Schema::Acceptance's `submodule_status`)
 */
export function suiteVersion(directory: string): string {
  const status = join(directory, 'submodule_status');
  return existsSync(status) ? (readFileSync(status, 'utf8').split('\n')[0] ?? '').trim() : 'unnamed copy';
}

/** The hint a missing suite fails with. */
export const missingSuite =
  `the JSON Schema Test Suite was not found: install Debian's ${debianPackage} package (apt-get install ${debianPackage}, ` +
  'done by this test when it runs as root) or set JSON_SCHEMA_TEST_SUITE to a copy of the suite (a directory with tests/ and remotes/)';

function installDebianPackage(): void {
  const options = { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 600_000 } as const;
  // Waits for another apt-get (such as the dev UI's Chromium install) instead of failing on its lock.
  const install = (): void => {
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=300', debianPackage], options);
  };
  try {
    install();
  } catch {
    try {
      execFileSync('apt-get', ['update', '-q', '-o', 'DPkg::Lock::Timeout=300'], options);
      install();
    } catch {
      // Reported by the test that needs the suite.
    }
  }
}

/**
 * The required tests of one draft (the files directly in `tests/<draft>`, not `optional/`).
 * @param directory - the suite's directory
 * @param draft - the draft
 * @returns the tests, in file order
 */
export function loadSuite(directory: string, draft: SuiteDraft): SuiteTest[] {
  const folder = join(directory, 'tests', draft);
  const tests: SuiteTest[] = [];
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const cases = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Array<{
      description: string;
      schema: unknown;
      tests: Array<{ description: string; data: unknown; valid: boolean }>;
    }>;
    for (const testCase of cases) {
      for (const test of testCase.tests) {
        tests.push({
          file,
          caseDescription: testCase.description,
          testDescription: test.description,
          schema: testCase.schema,
          data: test.data,
          valid: test.valid,
        });
      }
    }
  }
  return tests;
}

/**
 * The suite's remote documents (served at `http://localhost:1234/` in the suite's own runners),
 * each with its URL as `$id` when it names none, for `schemas: [...]`. Older copies of the suite
 * keep documents of several drafts side by side in `remotes/`: a document that the draft's own
 * meta-schema refuses (such as a draft 4 `id` fragment under 2020-12) is left out for both sides.
 * @param directory - the suite's directory
 * @param draft - the draft (its own remotes folder wins over the shared files)
 * @returns the documents
 */
export function loadRemotes(directory: string, draft: SuiteDraft): JsonSchema[] {
  const root = join(directory, 'remotes');
  if (!existsSync(root)) return [];
  const documents: JsonSchema[] = [];
  const otherDrafts = /^(draft\d|draft20\d\d-\d\d|draft-next|v\d)/;
  const metaSchema = ajvFor(draft);
  const visit = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const url = `http://localhost:1234/${relative(root, path).split('\\').join('/')}`;
      if (statSync(path).isDirectory()) {
        if (folder === root && otherDrafts.test(name) && name !== draft) continue;
        visit(path);
      } else if (name.endsWith('.json')) {
        const document = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
        if (typeof document !== 'object' || document === null || !isSchemaOf(metaSchema, document)) continue;
        documents.push(typeof document.$id === 'string' || typeof document.id === 'string' ? document : { ...document, $id: url });
      }
    }
  };
  visit(root);
  return documents;
}

/**
 * @param ajv - an ajv of one draft
 * @param document - a remote document
 * @returns whether the draft's meta-schema accepts it (a document naming an unknown `$schema` is not)
 */
function isSchemaOf(ajv: Ajv, document: JsonSchema): boolean {
  try {
    return ajv.validateSchema(document) === true;
  } catch {
    return false;
  }
}

/**
 * @param draft - a draft
 * @returns an ajv of that draft, as the baseline uses it (ajv-formats' formats, not strict)
 */
function ajvFor(draft: SuiteDraft): Ajv {
  const options = { strict: false, allErrors: true };
  return addFormats(draft === 'draft2020-12' ? new Ajv2020(options) : new Ajv(options));
}

const draftUris: Record<SuiteDraft, string> = {
  draft7: 'http://json-schema.org/draft-07/schema#',
  'draft2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/**
 * The schema a suite test's tool takes: the schema itself when it is an object schema, else one
 * property `value` of that schema. A wrapped object schema is given as a document of its own (its
 * `$id`, or one made up) through `schemas`, so its `#...` references still mean itself; a boolean
 * schema is the property's schema.
 * @param schema - the suite's schema
 * @param draft - its draft
 * @returns the argument schema, the documents it needs and how an instance becomes the call's arguments
 */
export function argumentSchemaOf(
  schema: unknown,
  draft: SuiteDraft,
): { schema: JsonSchema; documents: JsonSchema[]; argumentsOf: (data: unknown) => unknown } {
  if (typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'object') {
    return { schema: { $schema: draftUris[draft], ...(schema as JsonSchema) }, documents: [], argumentsOf: (data) => data };
  }
  const wrap = (value: JsonSchema | boolean): JsonSchema => ({
    $schema: draftUris[draft],
    type: 'object',
    properties: { value: value as JsonSchema },
    required: ['value'],
  });
  const argumentsOf = (data: unknown) => ({ value: data });
  if (typeof schema !== 'object' || schema === null) return { schema: wrap(schema as boolean), documents: [], argumentsOf };
  const { $schema: _ignored, ...document } = schema as JsonSchema;
  const id = typeof document.$id === 'string' ? new URL(document.$id, caseId).href : caseId;
  return { schema: wrap({ $ref: id }), documents: [{ ...document, $id: id }], argumentsOf };
}

const caseId = 'https://toolcraft.invalid/suite-case.json';

class SuiteTool extends Tool<unknown, string> {
  execute(): string {
    return 'accepted';
  }
}

/** How one schema of the suite fared: its tool's definition error, if refused or crashed. */
interface Defined {
  environment?: AgentEnvironment;
  argumentsOf: (data: unknown) => unknown;
  refusal?: 'refused' | 'crashed';
  error?: unknown;
}

/**
 * Judges every test through an explicit-schema tool and `AgentEnvironment.executeTool`.
 * @param tests - the tests
 * @param draft - their draft
 * @param remotes - documents for `$ref`s to other documents
 * @param withRemotes - how an environment is given the remotes (absent: they are not given)
 * @returns one verdict per test, and the definition errors that were not `InvalidToolDefinitionError`s
 */
export async function judgeWithToolcraft(
  tests: readonly SuiteTest[],
  draft: SuiteDraft,
  remotes: readonly JsonSchema[],
): Promise<{ verdicts: Verdict[]; crashes: string[] }> {
  const bySchema = new Map<unknown, Defined>();
  const crashes: string[] = [];
  const verdicts: Verdict[] = [];
  for (const test of tests) {
    let defined = bySchema.get(test.schema);
    if (defined === undefined) {
      const { schema, documents, argumentsOf } = argumentSchemaOf(test.schema, draft);
      try {
        const tool = new SuiteTool({ name: 'suite_case', description: 'A JSON Schema Test Suite case.', argsType: schema });
        const ids = new Set(documents.map((document) => document.$id));
        const schemas = [...documents, ...remotes.filter((remote) => !ids.has(remote.$id))];
        defined = { environment: new AgentEnvironment({ registry: ToolRegistry.of(tool), schemas }), argumentsOf };
      } catch (error) {
        const refused = error instanceof InvalidToolDefinitionError;
        defined = { argumentsOf, refusal: refused ? 'refused' : 'crashed', error };
        if (!refused) crashes.push(`${test.file} / ${test.caseDescription}: ${String(error)}`);
      }
      bySchema.set(test.schema, defined);
    }
    if (defined.environment === undefined) {
      verdicts.push(defined.refusal!);
      continue;
    }
    const result = await defined.environment.executeTool({
      name: 'suite_case',
      arguments: JSON.stringify(defined.argumentsOf(test.data)),
    });
    verdicts.push(!result.isError === test.valid ? 'pass' : 'fail');
  }
  return { verdicts, crashes };
}

/**
 * Judges every test with ajv alone (the schema as it is, ajv-formats' formats, remotes added), the baseline.
 * @param tests - the tests
 * @param draft - their draft
 * @param remotes - documents for `$ref`s to other documents
 * @returns one verdict per test
 */
export function judgeWithAjv(tests: readonly SuiteTest[], draft: SuiteDraft, remotes: readonly JsonSchema[]): Verdict[] {
  const ajv = ajvFor(draft);
  for (const remote of remotes) {
    try {
      ajv.addSchema(remote);
    } catch {
      // A remote of another draft: the tests that use it fail on their own.
    }
  }
  const compiled = new Map<unknown, ReturnType<Ajv['compile']> | undefined>();
  return tests.map((test) => {
    if (!compiled.has(test.schema)) {
      try {
        compiled.set(test.schema, ajv.compile(test.schema as object));
      } catch {
        compiled.set(test.schema, undefined);
      }
    }
    const validate = compiled.get(test.schema);
    if (validate === undefined) return 'refused';
    try {
      return validate(structuredClone(test.data)) === test.valid ? 'pass' : 'fail';
    } catch {
      return 'crashed';
    }
  });
}

/** The figures of one side: passed of all, and of those it could define. */
export interface SuiteFigures {
  total: number;
  passed: number;
  refused: number;
  crashed: number;
  /** Passed tests, in percent of the tests whose schema it could define. */
  percentOfDefined: number;
}

/**
 * @param verdicts - one side's verdicts
 * @returns its figures
 */
export function figuresOf(verdicts: readonly Verdict[]): SuiteFigures {
  const count = (verdict: Verdict) => verdicts.filter((each) => each === verdict).length;
  const refused = count('refused');
  const crashed = count('crashed');
  const passed = count('pass');
  const defined = verdicts.length - refused - crashed;
  return {
    total: verdicts.length,
    passed,
    refused,
    crashed,
    percentOfDefined: defined === 0 ? 0 : Math.round((passed / defined) * 1000) / 10,
  };
}

/**
 * @param test - a suite test
 * @returns its name: `file / case / test`
 */
export function testName(test: SuiteTest): string {
  return `${test.file} / ${test.caseDescription} / ${test.testDescription}`;
}

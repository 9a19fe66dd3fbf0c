import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

describe('patterns of imported MCP tool schemas', () => {
  it('match in linear time, or the tool is skipped with a warning saying why: a hostile schema cannot freeze the process', () => {
    // The client runs in a child process with a time limit: `^(a+)+$` on 50,000 a and a "!" would
    // backtrack for longer than the universe has existed on JavaScript's own RegExp.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join('packages', 'mcp', 'test', 'fixtures', 'catastrophic-schema-client.ts')],
      { cwd: root, env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.check.json' }, encoding: 'utf8', timeout: 30_000 },
    );
    expect({ signal: child.signal, status: child.status }).toEqual({ signal: null, status: 0 });
    const { tools, warnings, results } = JSON.parse(child.stdout) as {
      tools: string[];
      warnings: string[];
      results: Array<{ isError: boolean; content: string }>;
    };
    expect(tools).toEqual(['nested']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^tool 'lookahead' skipped: .*the pattern "\^\(\?=\(a\+\)\+\$\)" uses a lookahead .*cannot be matched in linear time/,
      ),
      expect.stringMatching(/^tool 'backreference' skipped: .*uses a backreference \('\\1'\)/),
    ]);
    expect(results).toEqual([
      { isError: true, content: expect.stringContaining("'text': must be a string matching /^(a+)+$/") as string },
      { isError: true, content: expect.stringMatching(/^Error: Invalid arguments for tool 'nested':\n- 'b{20,}…/) as string },
      { isError: false, content: 'ran' },
    ]);
  }, 40_000);
});

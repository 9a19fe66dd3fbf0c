import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ts } from '../src/typescript';
import { generateToolSchemas, serializeManifest } from '../src/index';
import { createTempProject, type TempProject } from './support/temp-project';

// Builds two TypeScript programs: seconds on a busy machine.
jest.setTimeout(90_000);

const SERVICE = `import { Tool } from '@toolcraft/core/annotations';
import type { AgentContext } from '@toolcraft/core';

export class OrderArgs { item!: string; quantity?: number; }

export class ShopService {
  /** Orders. */
  @Tool()
  order(args: OrderArgs): string { return args.item; }

  /** Reminds. */
  @Tool()
  remind(at: Date, tags: string[], mode: 'a' | 'b' = 'a', context?: AgentContext): string { return String(at) + tags + mode + String(context); }
}
`;

const MAIN = `import manifest from './tool-schemas.json';
import { ToolRegistry, type ToolSchemaManifest } from '@toolcraft/core';

const typed: ToolSchemaManifest = manifest;
export const builder = ToolRegistry.builder().schemas(manifest);
export { typed };
`;

describe('ToolSchemaManifest', () => {
  let project: TempProject;
  afterAll(() => project.remove());

  it('accepts a manifest imported from JSON (resolveJsonModule) without a cast', () => {
    project = createTempProject();
    project.write('service.ts', SERVICE);
    const manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });
    expect(Object.keys(manifest.tools)).toEqual(['ShopService.order', 'ShopService.remind']);
    writeFileSync(path.join(project.directory, 'tool-schemas.json'), serializeManifest(manifest));
    project.write('main.ts', MAIN);
    const core = path.resolve(__dirname, '../../core/src');
    const program = ts.createProgram([path.join(project.directory, 'main.ts')], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      strict: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
      baseUrl: project.directory,
      paths: { '@toolcraft/core': [path.join(core, 'index.ts')], '@toolcraft/core/annotations': [path.join(core, 'annotations.ts')] },
    });
    const main = program.getSourceFile(path.join(project.directory, 'main.ts'))!;
    const messages = ts
      .getPreEmitDiagnostics(program, main)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(messages).toEqual([]);
  });
});

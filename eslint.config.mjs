// ESLint: typescript-eslint's type-checked rules, one-way imports (import/no-cycle, and the folder
// layers of @toolcraft/core with import/no-restricted-paths) and type-only imports.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

/**
 * The folder layers of packages/core/src, lowest first (see ARCHITECTURE.md). A folder may import
 * from the folders before it (and from itself), never from a folder after it. `types/` holds
 * declarations of the libraries' internals; `manifest/` describes build-time schemas (it needs
 * `schema/`, and `methods/` and `registry/` read it). The root files `brands.ts` (imported by any
 * layer), `annotations.ts` and `index.ts` (entry points, importing any layer) are outside the layers;
 * no folder imports an entry point.
 */
const coreLayers = [
  'types',
  'errors',
  'retry',
  'results',
  'storage',
  'artifacts',
  'context',
  'effects',
  'metadata',
  'decorators',
  'schema',
  'manifest',
  'decoding',
  'tools',
  'methods',
  'registry',
  'model',
  'environment',
  'toolsets',
  'checkpoints',
  'agent',
  'multiagent',
  'sessions',
  'memory',
];
const coreSource = 'packages/core/src';
const layerZones = coreLayers.map((layer, index) => ({
  target: `./${coreSource}/${layer}`,
  from: [
    ...coreLayers.slice(index + 1).map((later) => `./${coreSource}/${later}`),
    `./${coreSource}/index.ts`,
    `./${coreSource}/annotations.ts`,
  ],
  message: `Folder layers of @toolcraft/core: ${layer}/ may import only from ${coreLayers.slice(0, index).join(', ') || 'no other folder'} (the order is ${coreLayers.join(' -> ')}; see ARCHITECTURE.md).`,
}));

export default tseslint.config(
  {
    ignores: [
      '.tmp/**',
      '**/dist/**',
      '**/node_modules/**',
      '**/fixtures/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: './tsconfig.check.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/extensions': ['.ts', '.js'],
      'import/resolver': { typescript: { project: './tsconfig.check.json' } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: [`${coreSource}/**/*.ts`],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    // Every error class lives in an errors/ folder of its package (one class per *-error.ts file).
    files: ['packages/*/src/**/*.ts'],
    ignores: ['packages/*/src/**/errors/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ClassDeclaration[superClass.name=/Error$/]',
          message: 'Error classes live in the errors/ folder of their package, one per *-error.ts file, extending ToolcraftError.',
        },
      ],
    },
  },
  {
    files: ['**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);

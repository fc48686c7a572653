import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// common/ modules that hold zod schemas (the rest of common/ is zod-free).
const ZOD_MODULES = [
  'task',
  'organization',
  'task-patch',
  'service-error',
  'shortcut',
  'ipc',
  'notification-settings',
];

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'child_process', 'crypto'];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'release/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'main/demo/cli.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  // The rooms of DESIGN.md: what each layer may import.
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeBuiltins],
              message: 'common/ is shared by every process: zod and itself only.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'common/ imports only itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeBuiltins],
              message: 'The renderer is a sandboxed web page: window.api only.',
            },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'The renderer imports common/ and its own files.',
            },
            {
              // Types are free; values from these modules bring zod into the popup's bundle (issue 7).
              group: ['zod', ...ZOD_MODULES.map((m) => `**/common/${m}`)],
              allowTypeImports: true,
              message:
                'This module carries zod: import values from a zod-free module (task-values, views, task-ref…).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['preload/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'A sandboxed preload has no Node.' },
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'The preload imports common/ and electron only.',
            },
            {
              // The preload runs before the popup's first paint: it carries names, not schemas.
              group: ['zod', ...ZOD_MODULES.map((m) => `**/common/${m}`)],
              allowTypeImports: true,
              message: 'This module carries zod: the preload needs only common/channels.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/service/**/*.ts', 'main/demo/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'The service layer and the demo run in plain Node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['test/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);

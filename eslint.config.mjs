import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// common/ modules that hold zod schemas (the rest of common/ is zod-free).
const ZOD_MODULES = [
  'task',
  'organization',
  'task-patch',
  'shortcut',
  'ipc',
  'notification-settings',
];

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'child_process', 'crypto'];

// The layers inside main (docs/ARCHITECTURE.md): base < features < app. A room imports its own
// layer or a lower one; a wrong import fails `npm run lint` (test/main/architecture/ proves it).
export const MAIN_LAYERS = {
  base: [
    'lib',
    'log',
    'scheduler',
    'storage',
    'secrets',
    'service',
    'external',
    'settings',
    'demo',
  ],
  features: [
    'accounts',
    'assigned',
    'compliance',
    'notify',
    'outbox',
    'reads',
    'tasks',
    'tray',
    'update',
    'sync',
    'session',
    'login-item',
    'app-link',
    'window',
    'ipc',
    'shortcut',
    'reminders',
    'evidence',
    'capture',
  ],
  app: ['app'],
};
const roomsOf = (rooms) => rooms.flatMap((r) => [`../${r}`, `../${r}/**`, `**/main/${r}/**`]);
const APP_ROOT = ['../index', '**/main/index'];
// The service client and the reference service run and are tested in plain Node.
const PLAIN_NODE = ['service', 'demo'];
const mainLayerRules = [
  ...MAIN_LAYERS.base.map((room) => ({
    files: [`main/${room}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...roomsOf([...MAIN_LAYERS.features, ...MAIN_LAYERS.app]), ...APP_ROOT],
              message: `main/${room}/ is a base module: it imports only base modules and common/.`,
            },
            ...(PLAIN_NODE.includes(room)
              ? [
                  {
                    group: ['electron'],
                    message: 'The service layer and the demo run in plain Node.',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
  {
    files: MAIN_LAYERS.features.map((room) => `main/${room}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...roomsOf(MAIN_LAYERS.app), ...APP_ROOT],
              message:
                'A feature never imports app/: the composition root wires features, not the reverse.',
            },
          ],
        },
      ],
    },
  },
];

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
  // The rooms of docs/ARCHITECTURE.md: what each layer may import.
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
  ...mainLayerRules,
  {
    files: ['test/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);

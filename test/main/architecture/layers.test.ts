import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MAIN_LAYERS } from '../../../eslint.config.mjs';

const root = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The layer rule's messages for one file's text, as `npm run lint` would report them. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the layers inside main (base < features < app)', () => {
  it('refuses a base module importing a feature', async () => {
    const errors = await layerErrors(
      'main/log/wrong.ts',
      "import { createTaskService } from '../tasks/task-service';\nexport const x = createTaskService;\n",
    );
    expect(errors.join('\n')).toMatch(/main\/log\/ is a base module/);
  });

  it('refuses a base module importing app/, types included', async () => {
    const errors = await layerErrors(
      'main/storage/wrong.ts',
      "import type { AppCore } from '../app/core';\nexport type X = AppCore;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a feature importing app/', async () => {
    const errors = await layerErrors(
      'main/outbox/wrong.ts',
      "import { createAppCore } from '../app/core';\nexport const x = createAppCore;\n",
    );
    expect(errors.join('\n')).toMatch(/A feature never imports app\//);
  });

  it('lets a feature import a base module and another feature, and app import anything', async () => {
    expect(
      await layerErrors(
        'main/tasks/fine.ts',
        "import { createLogger } from '../log/logger';\nimport { createOutbox } from '../outbox/outbox';\nexport const x = [createLogger, createOutbox];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'main/app/fine.ts',
        "import { createOutbox } from '../outbox/outbox';\nexport const x = createOutbox;\n",
      ),
    ).toEqual([]);
  });

  it('keeps Electron out of the service client and the reference service', async () => {
    const errors = await layerErrors(
      'main/service/wrong.ts',
      "import { net } from 'electron';\nexport const x = net;\n",
    );
    expect(errors.join('\n')).toMatch(/plain Node/);
  });

  it('places every room of main in exactly one layer', () => {
    const rooms = readdirSync(join(root, 'main')).filter((n) =>
      statSync(join(root, 'main', n)).isDirectory(),
    );
    const placed = [...MAIN_LAYERS.base, ...MAIN_LAYERS.features, ...MAIN_LAYERS.app];
    expect(new Set(placed).size).toBe(placed.length);
    expect([...rooms].sort()).toEqual([...placed].sort());
  });
});

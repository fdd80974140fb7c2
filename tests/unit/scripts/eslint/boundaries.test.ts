import { ESLint } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries, { layerOf } from '../../../../scripts/eslint/boundaries.js';

const ROOT = join(import.meta.dirname, '../../../..');

/** Lints one snippet as if it were the file at `rel`, with only the layer rule on. */
async function refusals(rel: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { boundaries },
        rules: {
          'boundaries/layers': [
            'error',
            { root: ROOT, exceptions: { 'src/paint/registry.ts': ['feature'] } },
          ],
        },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, rel) });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('the layer rule of src/', () => {
  it('names the layer of a path', () => {
    expect(layerOf('src/features/chart/ChartArea.tsx')).toEqual({ layer: 'feature', feature: 'chart' });
    expect(layerOf('src/app/Shell.tsx')).toEqual({ layer: 'app' });
    expect(layerOf('src/session/state.ts')).toEqual({ layer: 'session' });
    expect(layerOf('workers/protocol/orders.ts')).toEqual({ layer: 'contract' });
    expect(layerOf('workers/api.ts')).toEqual({ layer: 'contract' });
    expect(layerOf('workers/account/orders.ts')).toEqual({ layer: 'hub-internal' });
    expect(layerOf('server/main.ts')).toBeNull();
  });

  it('refuses a feature importing the composition root', async () => {
    const m = await refusals(
      'src/features/chart/X.ts',
      "import { PANEL_CONTENT } from '../../app/panels';\n",
    );
    expect(m).toHaveLength(1);
    expect(m[0]).toContain('src/features/chart/X.ts may not import src/app/panels');
  });

  it("refuses a feature importing another feature's file, by static, re-export and dynamic import", async () => {
    const m = await refusals(
      'src/features/orders/views/X.tsx',
      [
        "import { checkModify } from '../../order-form/OrderForm';",
        "export { DepthChart } from '../../depth/DepthChart';",
        "const lazy = () => import('../../chart/ChartArea');",
        'export { lazy };',
      ].join('\n'),
    );
    expect(m).toHaveLength(3);
    for (const x of m) expect(x).toContain('features do not import each other');
  });

  it("refuses the tab reaching into the hub's reducers, and a floor layer reaching up", async () => {
    expect(
      await refusals('src/ui/X.tsx', "import { toOrderEvent } from '../../workers/account/orders';\n"),
    ).toHaveLength(1);
    expect(await refusals('src/lib/X.ts', "import { getCall } from '../session/api';\n")).toHaveLength(1);
    expect(await refusals('src/session/X.ts', "import { Icon } from '../ui/Icon';\n")).toHaveLength(1);
    expect(await refusals('src/hub/X.ts', "import { routeAtom } from '../session/state';\n")).toHaveLength(1);
  });

  it('lets each layer import what is below it, its own folder and the hub contract', async () => {
    const code = [
      "import { routeAtom } from '../../session/state';",
      "import { Icon } from '../../ui/Icon';",
      "import { formatFixed } from '../../lib/format';",
      "import type { HubApi } from '../../../workers/api';",
      "import { CALLS } from '../../../workers/protocol/paths';",
      "import { ChartRenderer } from './ChartRenderer';",
      "import 'jotai';",
    ].join('\n');
    expect(await refusals('src/features/chart/X.ts', code)).toEqual([]);
    expect(
      await refusals('src/app/X.ts', "import { ChartPanel } from '../features/chart/ChartPanel';\n"),
    ).toEqual([]);
    expect(await refusals('src/paint/registry.ts', "import { B } from '../features/orderbook/B';\n")).toEqual(
      [],
    );
  });
});

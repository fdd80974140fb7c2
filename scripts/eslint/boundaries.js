// @ts-check
/**
 * The layer rule of the tab's code (README "Architecture"): arrows point down, and features never import each other.
 *
 *   app/                          composition root: may import every layer below
 *   features/<name>/              its own folder, and session, ui, hub, paint, canvas, lib, the hub contract
 *   session/ ui/ paint/           below the features (ui may use session; paint may use hub)
 *   hub/ canvas/ lib/             the floor: lib and canvas import only lib and the contract
 *   workers/api.ts, workers/protocol/   the hub contract, the only part of workers/ the tab may import
 *
 * Only relative specifiers are checked (the project has no path aliases); packages are always allowed.
 */
import path from 'node:path';

/** Which layers each layer may import (besides itself; a feature only its own folder). */
const ALLOWED = {
  app: ['feature', 'session', 'ui', 'paint', 'hub', 'canvas', 'lib', 'contract'],
  feature: ['session', 'ui', 'paint', 'hub', 'canvas', 'lib', 'contract'],
  ui: ['session', 'hub', 'canvas', 'lib', 'contract'],
  session: ['hub', 'canvas', 'lib', 'contract'],
  paint: ['hub', 'canvas', 'lib', 'contract'],
  hub: ['lib', 'contract'],
  canvas: ['lib', 'contract'],
  lib: ['contract'],
};

/**
 * The layer of a repo-relative path, or null outside the tab's code.
 * @param {string} rel
 * @returns {{ layer: string, feature?: string } | null}
 */
export function layerOf(rel) {
  const p = rel.split(path.sep).join('/');
  if (p === 'workers/api.ts' || p === 'workers/api' || p.startsWith('workers/protocol/'))
    return { layer: 'contract' };
  if (p.startsWith('workers/')) return { layer: 'hub-internal' };
  const m = /^src\/features\/([^/]+)\//.exec(p);
  if (m !== null) return { layer: 'feature', feature: m[1] };
  if (p === 'src/main.tsx' || p.startsWith('src/app/')) return { layer: 'app' };
  for (const l of ['session', 'ui', 'paint', 'hub', 'canvas', 'lib'])
    if (p.startsWith(`src/${l}/`)) return { layer: l };
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the layers of src/ pointing down and features apart' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          /** Repo-relative files allowed to import extra layers: { "src/paint/x.ts": ["feature"] }. */
          exceptions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      refused: '{{from}} may not import {{to}} ({{why}}).',
    },
  },
  create(context) {
    const opts = context.options[0] ?? {};
    const root = opts.root ?? context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const me = layerOf(file);
    if (me === null || me.layer === 'contract' || me.layer === 'hub-internal') return {};
    const extra = (opts.exceptions ?? {})[file] ?? [];
    const allowed = new Set([...(ALLOWED[me.layer] ?? []), ...extra]);
    /** @param {import('estree').Node & { source?: unknown }} node */
    const check = (node) => {
      const src = /** @type {{ value?: unknown } | null | undefined} */ (node.source);
      if (src === null || src === undefined || typeof src.value !== 'string' || !src.value.startsWith('.'))
        return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), src.value))
        .split(path.sep)
        .join('/');
      const them = layerOf(target) ?? layerOf(`${target}/`);
      if (them === null) return;
      const from = me.layer === 'feature' ? `features/${me.feature}` : me.layer;
      let why = '';
      if (them.layer === 'feature' && me.layer === 'feature') {
        if (them.feature === me.feature) return;
        why = 'features do not import each other: share through session, ui or lib, or compose in app/panels';
      } else if (them.layer === me.layer) {
        return;
      } else if (them.layer === 'hub-internal') {
        why = 'the tab sees the hub only through workers/api.ts and workers/protocol';
      } else if (!allowed.has(them.layer)) {
        why = `${from} may import ${[...allowed].join(', ') || 'only itself'}`;
      } else {
        return;
      }
      context.report({
        node: /** @type {import('estree').Node} */ (src),
        messageId: 'refused',
        data: { from: file, to: target, why },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers: rule } };

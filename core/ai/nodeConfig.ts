/**
 * Node-definition files for the behavior3 editors, generated from the catalog so designers see
 * exactly the nodes and arguments the game accepts:
 * - the current editor's `node-config.b3-setting` (a JSON array of NodeDef: name, type, desc,
 *   args [{ name, type, desc, default?, options? }], doc, children), read from the folder of the
 *   `.b3-workspace` file;
 * - the classic editor's custom-node list (`[{ version, scope: "node", name, category, title,
 *   description, properties }]`), imported with Project → Import → Nodes.
 * resources/ai/ holds both, written by scripts/gen-ai-nodes.ts; a test checks they are current.
 */
import { NODE_SPECS, type ArgSpec, type NodeSpec } from './catalog';

function argType(a: ArgSpec): string {
  return a.default === undefined ? a.type : `${a.type}?`;
}

function argDesc(a: ArgSpec): string {
  const parts = [a.desc];
  if (a.min !== undefined || a.max !== undefined) parts.push(`${a.min ?? '…'}..${a.max ?? '…'}`);
  if (a.default !== undefined) parts.push(`default ${String(a.default)}`);
  return parts.join('; ');
}

function childrenOf(spec: NodeSpec): number | undefined {
  return spec.children === 'many' ? -1 : spec.children === 'one' ? 1 : spec.children === 'none' ? 0 : undefined;
}

/** The current editor's node definitions (node-config.b3-setting), canonical names only. */
export function editorNodeConfig(): unknown[] {
  return NODE_SPECS.map((spec) => {
    const def: Record<string, unknown> = { name: spec.name, type: spec.type, desc: spec.desc };
    const children = childrenOf(spec);
    if (children !== undefined) def['children'] = children;
    if (spec.args.length > 0) {
      def['args'] = spec.args.map((a) => {
        const arg: Record<string, unknown> = { name: a.name, type: argType(a), desc: argDesc(a) };
        if (a.default !== undefined) arg['default'] = a.default;
        if (a.options) arg['options'] = a.options.map((o) => ({ name: o, value: o }));
        return arg;
      });
    }
    const aliases = spec.aliases.length ? `\n\nAlso accepted as: ${spec.aliases.join(', ')}.` : '';
    def['doc'] = spec.doc + aliases;
    return def;
  });
}

/** The classic editor's custom nodes (every node the classic editor does not already know). */
export function classicCustomNodes(): unknown[] {
  const builtIn = new Set(['Sequence', 'MemSequence', 'Inverter', 'RepeatUntilFailure', 'RepeatUntilSuccess', 'Wait']);
  return NODE_SPECS.filter((s) => !builtIn.has(s.name)).map((spec) => {
    const properties: Record<string, unknown> = {};
    for (const a of spec.args) properties[a.name] = a.default ?? (a.type === 'int[]' ? '1,1' : 0);
    return { version: '0.3.0', scope: 'node', name: spec.name, category: spec.type.toLowerCase(), title: spec.name, description: spec.desc, properties };
  });
}

/** The node renderer: one observer per node (docs/modules/schemas.md "Node"). */
import { Component, useCallback, useMemo, type ReactNode } from 'react';
import { Outlet as RouterOutlet } from 'react-router';
import { observer } from 'mobx-react-lite';
import { evaluate } from '../core/conditions';
import { getPointer } from '../core/pointer';
import { resolveProps } from './resolve';
import { ScopeContext, type Scope } from './context';
import { useRuntime, useScope, useT } from './hooks';
import type { ActionCall, UiNode } from './types';

/** Built-in fallback for the layout's `Outlet` node (components/layout/Outlet.tsx wins when present). */
export function Outlet(): ReactNode {
  return <RouterOutlet />;
}

export const NodeList = observer(function NodeList({ nodes }: { nodes: UiNode[] | undefined }) {
  if (!nodes || nodes.length === 0) return null;
  return <>{nodes.map((n, i) => <NodeView key={i} node={n} />)}</>;
});

/** A contained, visible error (development) or nothing plus console.error (production). */
export function UnknownName({ kind, name }: { kind: 'component' | 'action'; name: string }) {
  const rt = useRuntime();
  const t = useT();
  if (!rt.dev) {
    console.error(`[renderer] unknown ${kind} "${name}": node skipped`);
    return null;
  }
  return (
    <div role="alert" className="sdui-error" data-unknown={kind}>
      {t(kind === 'component' ? 'error.unknownComponent' : 'error.unknownAction', { name })}
    </div>
  );
}

class NodeBoundary extends Component<{ name: string; dev: boolean; message: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override componentDidCatch(e: unknown) { console.error(`[renderer] component "${this.props.name}" failed`, e); }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.dev ? <div role="alert" className="sdui-error">{this.props.message}</div> : null;
  }
}

function callsOf(on: UiNode['on']): ActionCall[] {
  if (!on) return [];
  return Object.values(on).flatMap((c) => (Array.isArray(c) ? c : [c]));
}

function itemKey(item: unknown, index: number): string | number {
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    for (const k of ['code', 'id', 'entryNumber']) if (typeof o[k] === 'string' || typeof o[k] === 'number') return `${String(o[k])}#${index}`;
  }
  return index;
}

export const NodeView = observer(function NodeView({ node }: { node: UiNode }) {
  const scope = useScope();
  if (node.repeat) {
    const list = getPointer(scope, node.repeat.over);
    if (!Array.isArray(list)) return null;
    return (
      <>
        {list.map((item, index) => (
          <RepeatItem key={itemKey(item, index)} scope={scope} item={item} index={index} node={node} />
        ))}
      </>
    );
  }
  return <NodeBody node={node} />;
});

function RepeatItem({ scope, item, index, node }: { scope: Scope; item: unknown; index: number; node: UiNode }) {
  const inner = useMemo(() => ({ ...scope, item, index }), [scope, item, index]);
  return (
    <ScopeContext.Provider value={inner}>
      <NodeBody node={node} />
    </ScopeContext.Provider>
  );
}

const NodeBody = observer(function NodeBody({ node }: { node: UiNode }) {
  const rt = useRuntime();
  const scope = useScope();
  const t = useT();
  const on = node.on;
  const emit = useCallback(
    (event: string, payload?: unknown): Promise<boolean> => {
      const calls = on?.[event];
      if (!calls) return Promise.resolve(true);
      return rt.dispatch(calls, scope, payload);
    },
    [rt, scope, on],
  );

  const Comp = rt.components.get(node.component);
  if (!Comp) return <UnknownName kind="component" name={node.component} />;
  const missing = callsOf(on).find((c) => !rt.hasAction(c.action));
  if (missing) return <UnknownName kind="action" name={missing.action} />;
  if (node.visibleIf !== undefined && !evaluate(node.visibleIf, scope)) return null;
  const enabled = node.enabledIf === undefined ? true : evaluate(node.enabledIf, scope);
  const props = resolveProps(node.props, node.bind, scope, t);
  const children = node.children && node.children.length > 0 ? <NodeList nodes={node.children} /> : undefined;
  return (
    <NodeBoundary name={node.component} dev={rt.dev} message={t('error.componentFailed', { name: node.component })}>
      <Comp {...props} emit={emit} enabled={enabled}>
        {children}
      </Comp>
    </NodeBoundary>
  );
});

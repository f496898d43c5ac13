import type { ReactNode } from 'react';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
export type JsonSchema = { [k: string]: unknown } | boolean;

/** `{ "action": "cart.add", "args": { ... } }` as written in a schema document. */
export interface ActionCall {
  action: string;
  args?: Record<string, unknown>;
}

/** A node of a screen or modal body (docs/ARCHITECTURE.md §2.1). */
export interface UiNode {
  component: string;
  props?: Record<string, unknown>;
  bind?: Record<string, string>;
  visibleIf?: JsonSchema;
  enabledIf?: JsonSchema;
  on?: Record<string, ActionCall | ActionCall[]>;
  repeat?: { over: string };
  children?: UiNode[];
}

/**
 * What every vocabulary component receives besides its own (resolved) props:
 * - emit(event, payload): runs the actions the node attached to `event`; resolves true when all succeeded.
 * - enabled: false when the node's enabledIf does not hold.
 * - children: the rendered child nodes (only for components whose meta says "children": true).
 */
export interface VocabularyProps {
  emit(event: string, payload?: unknown): Promise<boolean>;
  enabled: boolean;
  children?: ReactNode;
}

/** The context every action's run() receives. */
export interface ActionContext {
  stores: import('../actions/stores').Stores;
  api: import('../actions/api/client').ApiClient;
  navigate(to: string, opts?: { replace?: boolean }): void;
  dispatch(calls: ActionCall | ActionCall[], scope?: Record<string, unknown>): Promise<boolean>;
  /** the scope the call was made from (route, item, modal, ...) */
  scope: Record<string, unknown>;
  /** the payload the component emitted with the event, if any */
  event?: unknown;
}

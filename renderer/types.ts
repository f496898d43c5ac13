import type { ReactNode } from 'react';

import type { ActionCall, JsonSchema } from '../actions/define';

// The verbs' contract (ActionCall, ActionContext) lives in actions/define.ts; the renderer re-exports it.
export type { ActionCall, ActionContext, JsonSchema, JsonValue } from '../actions/define';

/** A node of a screen or modal body (docs/modules/schemas.md "Node"). */
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

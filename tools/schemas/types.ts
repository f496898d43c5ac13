/** Shapes shared by the schema loader, checker, vocabulary and type generator. */
import type { StoreShape } from './store-paths.js';

export type DocumentKind = 'screen' | 'flow' | 'form' | 'modal' | 'messages' | 'fragment' | 'rule';

/** One loaded schema document. */
export interface SchemaDocument {
  kind: DocumentKind;
  /** the document's id (its file name without .json; for messages the language, e.g. "sr") */
  id: string;
  /** path relative to the repository root, e.g. schemas/screens/pdp.json */
  file: string;
  version: number;
  json: unknown;
}

/** A fixture store state (schemas/fixtures/<id>.json): checked with the documents, not served to the shop. */
export interface FixtureDocument {
  id: string;
  /** path relative to the repository root, e.g. schemas/fixtures/empty-cart.json */
  file: string;
  version: number;
  json: unknown;
}

/** One problem found by the checker, written for a person who edits JSON, not TypeScript. */
export interface SchemaError {
  /** path relative to the repository root */
  file: string;
  /** JSON Pointer to the offending value ("" = the whole document) */
  pointer: string;
  message: string;
  line?: number;
  column?: number;
  /** what would have been accepted */
  expected?: string;
  /** the closest known name for a near miss */
  suggestion?: string;
}

export interface ComponentInfo {
  description: string;
  props: Record<string, unknown>;
  /** event name → what it means and its payload */
  events: Record<string, string>;
  /** true when the component draws child nodes */
  children: boolean;
  /**
   * The props that give the control or picture the component draws its accessible name (`accessibleName` of its
   * .meta.json): each is required by the props schema, a literal may not be empty and a message may not be empty
   * in either language (the checker refuses a node that would draw an unnamed button, link or image).
   */
  accessibleName?: string[];
}

export interface ActionInfo {
  description: string;
  args: Record<string, unknown> | boolean;
}

/** schemas/meta/vocabulary.json */
export interface Vocabulary {
  components: Record<string, ComponentInfo>;
  actions: Record<string, ActionInfo>;
  /** the places of the shop's state a `$bind` may read, as the stores start (tools/schemas/store-paths.ts); absent: not known */
  stores?: StoreShape;
}

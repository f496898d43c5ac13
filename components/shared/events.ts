import type { MouseEvent } from 'react';

/**
 * For anchors that also emit: let the browser handle modified clicks (new tab),
 * otherwise prevent the default navigation and let the schema's actions decide.
 */
export function isPlainLeftClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

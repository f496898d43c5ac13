/**
 * The first view a server-drawn page brings (its shape: schemas/api/common.json#/$defs/BootData): the block's id and
 * version, and the key of a GET call's answer in it — one rule for the server that writes the block
 * (server/ui/page.ts) and the browser's API client that reads it (actions/api/client.ts).
 */
export const BOOT_DATA_ID = 'boot-data';
/** Bumped when the shape changes; the browser ignores a block of another version. */
export const BOOT_DATA_VERSION = 1;

/** The key of a GET call in `BootData.calls`: the call's name and its query without empty values, sorted by name. */
export function callKey(name: string, query: Record<string, unknown> = {}): string {
  const q = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]): [string, string] => [k, String(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${name}?${new URLSearchParams(q).toString()}`;
}

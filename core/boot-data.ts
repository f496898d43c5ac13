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

/**
 * A shared answer of the shop's own API as the server's drawing of a first view gets it (server/ui/ssr.ts, in process):
 * only answers any shopper would get (`Cache-Control: public`); anything else — a session's cart, an account — is
 * null, and the view is the browser's to draw.
 */
export interface SharedAnswer { status: number; body: string; etag: string | null; contentType: string }
/** Asks the shop's API for a shared answer (GET, the client's headers; `if-none-match` to revalidate one). */
export type SharedFetch = (url: string, headers: Record<string, string>) => Promise<SharedAnswer | null>;
/** A GET call the screen's load made while the server drew it: its key in `BootData.calls`, its address and validator. */
export interface FirstViewCall { key: string; url: string; headers: Record<string, string>; etag: string | null; body: unknown }
/**
 * What the server's drawing of a first view gives (renderer/entry-server.tsx): the markup (null: the screen asked for
 * something only the browser can ask), the calls its load made, the address's query keys the screen reads (its
 * load's actions and its documents' `/route/query/…` bindings; null: it reads them all), and the path of the first
 * call it could not make (not a shared answer), if any. `docs`: the UI documents the drawing fetched that the boot data
 * did not bring (a rule document its load reads: pdp.load's wizard), by path — the page brings them too, so the
 * browser's load finds them before it hydrates.
 */
export interface FirstView { html: string | null; calls: FirstViewCall[]; docs: Record<string, unknown>; queryKeys: string[] | null; refused: string | null }

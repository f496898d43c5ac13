/**
 * The first view that came with the page (server/ui/page.ts): a `<script type="application/json" id="boot-data">`
 * block with the manifest, the messages, the screen and its layout, and the first answers of the screen's load.
 * Used only when it was made for this language, path and query; else the boot fetches as before.
 */
import { BOOT_DATA_ID, BOOT_DATA_VERSION } from '../core/boot-data';
import type { BootData } from '../schemas/types/api.common';


export function readBootData(doc: Pick<Document, 'getElementById'>, want: { lang: string; path: string; search: string }): BootData | null {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as BootData;
    el.remove();
    if (data?.v !== BOOT_DATA_VERSION || data.lang !== want.lang || data.path !== want.path) return null;
    if ((data.search ?? '') !== want.search.replace(/^\?/, '')) return null;
    return data;
  } catch (e) {
    console.error('[boot] unreadable boot data', e);
    return null;
  }
}

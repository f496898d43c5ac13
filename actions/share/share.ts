// The share link of the product page (issue 13, seed 001 §2 "share link"): native share on phones, else the address
// copied to the clipboard with a toast.
import { defineAction } from '../define';

interface ShareEnv {
  href: string;
  share?: (data: { title?: string; url: string }) => Promise<void>;
  coarse: boolean;
  copy?: (text: string) => Promise<void>;
}

/** What the browser offers (a seam for tests). */
export function shareEnv(): ShareEnv {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return {
    href: typeof location !== 'undefined' ? location.href : '',
    share: nav && typeof nav.share === 'function' ? (d) => nav.share(d) : undefined,
    coarse: typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches,
    copy: nav?.clipboard ? (t) => nav.clipboard.writeText(t) : undefined,
  };
}

/** Shares `title` and the page's address: 'shared', 'cancelled' (the shopper closed the share sheet), 'copied' or 'failed'. */
export async function sharePage(title: string, env: ShareEnv): Promise<'shared' | 'cancelled' | 'copied' | 'failed'> {
  if (env.share && env.coarse) {
    try {
      await env.share({ title, url: env.href });
      return 'shared';
    } catch (e) {
      if (e instanceof Error && e.name === 'AbortError') return 'cancelled';
      // fall through to the clipboard
    }
  }
  if (!env.copy) return 'failed';
  try {
    await env.copy(env.href);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export default [
  defineAction({
    name: 'share.page',
    description: 'Shares the current page: on a phone (coarse pointer) with navigator.share when the browser has it, else copies the address to the clipboard and shows the toast share.copied (share.failed when the clipboard refuses).',
    args: { type: 'object', properties: { title: { type: 'string' } } },
    async run(args, ctx) {
      const result = await sharePage(args.title ?? document.title, shareEnv());
      if (result === 'copied') ctx.stores.ui.showToast({ kind: 'success', message: 'share.copied' });
      if (result === 'failed') ctx.stores.ui.showToast({ kind: 'error', message: 'share.failed' });
    },
  }),
];

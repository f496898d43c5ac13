// The product page's share link (issue 13): native share on phones, else the clipboard; a closed share sheet is no error.
import { describe, expect, it, vi } from 'vitest';
import { sharePage } from '../../../actions/share/share';

const href = 'https://shop.example/uredjaj/SAMSUNG_GALAXY_A56/graphite';

describe('share.page', () => {
  it('a phone with navigator.share shares title and address; the clipboard is not touched', async () => {
    const share = vi.fn(async () => undefined);
    const copy = vi.fn(async () => undefined);
    expect(await sharePage('Galaxy A56', { href, share, copy, coarse: true })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Galaxy A56', url: href });
    expect(copy).not.toHaveBeenCalled();
  });

  it('closing the share sheet is "cancelled", another share failure falls back to the clipboard', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    expect(await sharePage('x', { href, share: async () => { throw abort; }, copy: async () => undefined, coarse: true })).toBe('cancelled');
    const copy = vi.fn(async () => undefined);
    expect(await sharePage('x', { href, share: async () => { throw new Error('NotAllowed'); }, copy, coarse: true })).toBe('copied');
    expect(copy).toHaveBeenCalledWith(href);
  });

  it('a desktop (fine pointer) copies the address even when navigator.share exists; no clipboard is "failed"', async () => {
    const share = vi.fn(async () => undefined);
    const copy = vi.fn(async () => undefined);
    expect(await sharePage('x', { href, share, copy, coarse: false })).toBe('copied');
    expect(share).not.toHaveBeenCalled();
    expect(await sharePage('x', { href, coarse: false })).toBe('failed');
    expect(await sharePage('x', { href, coarse: false, copy: async () => { throw new Error('denied'); } })).toBe('failed');
  });
});

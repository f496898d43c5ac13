// The site search's pages (GET pageSearch, the specification's /Google/SearchBySegment): the screens whose document
// declares "search" are found by their title, description and keywords in the shopper's language — "roming" finds the
// roaming add-ons, "dopuna" the top-up page — with or without the Serbian letters. The index is built once per served
// document set (a reload or a publish makes a new one).
import type { Lang } from '../lib/lang';
import type { ResponseOf } from '../lib/contract';
import type { UiDocuments } from './documents';

interface MessageRef { message: string; params?: Record<string, string | number> }
interface SearchableScreen { id: string; route?: string; title?: MessageRef; search?: { description: MessageRef; keywords?: MessageRef } }
interface Entry { title: string; description: string; url: string; titleWords: string[]; words: string[] }

/** Lower case, without diacritics (č ć → c, š → s, ž → z, đ → dj as typed on an English keyboard, and d). */
function foldText(text: string): string {
  return text.toLocaleLowerCase('sr').replace(/đ/g, 'dj').normalize('NFD').replace(/\p{M}/gu, '');
}

function words(text: string): string[] {
  const folded = foldText(text);
  // "dj" also as "d": shoppers type "Dordevic" as often as "Djordjevic"
  return [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean).flatMap((w) => (w.includes('dj') ? [w, w.replace(/dj/g, 'd')] : [w])))];
}

/** How many pages an answer lists when the call does not say (the pageSearch query's default). */
export const PAGE_SEARCH_MAX = 8;

const indexes = new WeakMap<object, Record<Lang, Entry[]>>();

function indexOf(ui: UiDocuments, lang: Lang): Entry[] {
  const key = ui.manifest;
  let byLang = indexes.get(key);
  if (!byLang) {
    const build = (l: Lang): Entry[] => {
      const text = (m: MessageRef | undefined) => (m ? ui.message(l, m.message, m.params ?? {}) : '');
      const out: Entry[] = [];
      for (const doc of ui.documentsOf('screen')) {
        const s = doc.json as SearchableScreen;
        if (!s.search || !s.route || s.route.includes(':')) continue;
        const title = text(s.title);
        const description = text(s.search.description);
        out.push({ title, description, url: s.route, titleWords: words(title), words: words(`${title} ${description} ${text(s.search.keywords)}`) });
      }
      return out.sort((a, b) => a.title.localeCompare(b.title, l));
    };
    byLang = { sr: build('sr'), en: build('en') };
    indexes.set(key, byLang);
  }
  return byLang[lang];
}

/** The pages every typed word (from its start) is found in; title matches first, at most `max`. */
export function searchPages(ui: UiDocuments, query: string, max: number, lang: Lang): ResponseOf<'pageSearch'> {
  const typed = words(query);
  if (typed.length === 0) return { query, results: [] };
  const has = (list: string[], w: string) => list.some((x) => x.startsWith(w));
  const found = indexOf(ui, lang)
    .filter((e) => typed.every((w) => has(e.words, w)))
    .map((e) => ({ e, rank: typed.filter((w) => has(e.titleWords, w)).length }))
    .sort((a, b) => b.rank - a.rank);
  return { query, results: found.slice(0, max).map(({ e }) => ({ title: e.title, description: e.description, url: e.url })) };
}

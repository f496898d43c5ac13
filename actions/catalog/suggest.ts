import { defineAction } from '../define';

/** The header search box's suggestions (GET productSuggestions): at most this many. */
export const SUGGESTIONS_MAX = 6;

export default defineAction({
  name: 'catalog.suggest',
  description: 'Asks for the product suggestions of a typed text (the search box debounces; an empty text clears them) into /catalog/suggest; an answer for an older text is dropped.',
  args: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 100 } } },
  async run(args, ctx) {
    const { catalog } = ctx.stores;
    const term = args.text.trim().toLocaleLowerCase('sr').replace(/\s+/g, ' ');
    if (!term) { catalog.suggestCleared(); return; }
    catalog.suggestStarted(term);
    try {
      const res = await ctx.api.call('productSuggestions', { query: { term, max: SUGGESTIONS_MAX } });
      catalog.suggestLoaded(term, res.suggestions);
    } catch (e) {
      // suggestions are a help, not a page: a failure leaves the box as a plain search field
      console.error('[catalog.suggest]', e);
      catalog.suggestLoaded(term, []);
    }
  },
});

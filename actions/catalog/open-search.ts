import { defineAction } from '../define';

/** The results page of the site search (schemas/screens/search.json). */
export const SEARCH_PATH = '/pretraga';

export default defineAction<{ text: string }>({
  name: 'catalog.openSearch',
  description: 'Opens the search results page for a text: /pretraga?q=<text> (page 1, the text in the address so the first search reads it; a new search starts from the first page again).',
  args: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1, maxLength: 100 } } },
  run(args, ctx) {
    ctx.navigate(`${SEARCH_PATH}?q=${encodeURIComponent(args.text.trim())}`);
  },
});

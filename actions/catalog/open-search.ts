import { defineAction } from '../define';
import { goTo } from '../destinations';

export default defineAction({
  name: 'catalog.openSearch',
  description: 'Opens the search results page for a text: /pretraga?q=<text> (page 1, the text in the address so the first search reads it; a new search starts from the first page again).',
  args: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1, maxLength: 100 } } },
  async run(args, ctx) {
    // the results page: destination "search" of schemas/rules/routes.json
    await goTo(ctx, 'search', { query: { q: args.text.trim() } });
  },
});

import { defineAction } from '../define';
import { setEnCookie } from '../api/language';
import { getDocumentCookieJar } from '../dom';
import type { Messages } from '../stores/i18n';

export default defineAction({
  name: 'session.setLanguage',
  description: 'Switches the language: sets (en) or clears (sr) the b2c_enFlow cookie, reloads the messages and re-renders; screens re-run their load actions in the new language.',
  args: { type: 'object', required: ['lang'], properties: { lang: { enum: ['sr', 'en'] } } },
  async run(args, ctx) {
    const jar = getDocumentCookieJar();
    if (jar) setEnCookie(jar, args.lang === 'en');
    const messages = await ctx.api.getDocument<Messages>(`/ui/messages/${args.lang}`);
    ctx.stores.session.setMessages(messages);
    ctx.stores.session.setLang(args.lang);
    if (typeof document !== 'undefined') document.documentElement.lang = args.lang === 'en' ? 'en' : 'sr-Latn';
  },
});

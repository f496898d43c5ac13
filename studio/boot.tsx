/**
 * The boot of the studio page (studio/index.html, served at /studio to staff on development servers; its entry
 * main.tsx) and of its preview's frame (studio/preview.html at /studio/preview; its entry preview-main.tsx). Both
 * entries import this one module, so they reach the same modules of the shop and the shop's chunks are split as they
 * are without the frame's page (an entry reaching only some of them would split the chunks the shop shares with the
 * studio).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, setEnCookie } from '../actions/api/language';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { FixtureDoc } from '../renderer/fixtures';
import '../components/styles';
import '../renderer/runtime.css';
import './studio.css';
import { studioApi } from './api';
import { makeT } from './i18n';
import { Studio } from './Studio';
export { bootPreview } from './PreviewApp';

function withoutSchema(m: Record<string, unknown>): Messages {
  const { $schema: _s, id: _i, version: _v, ...rest } = m;
  return rest as Messages;
}

async function boot(): Promise<void> {
  const lang: Lang = detectLanguage(document, location.pathname, location.search);
  document.documentElement.lang = lang === 'en' ? 'en' : 'sr-Latn';
  const [sr, en, fixtures, fixtureStates] = await Promise.all([
    studioApi.uiDocument<Record<string, unknown>>('/ui/messages/sr'),
    studioApi.uiDocument<Record<string, unknown>>('/ui/messages/en'),
    studioApi.fixtures(),
    // which states change which document (the state select lists those first); without it, one plain list
    studioApi.fixtureStates().catch(() => null),
  ]);
  const messages = { sr: withoutSchema(sr), en: withoutSchema(en) };
  const t = makeT(messages[lang], lang);
  document.title = t('studio.title');

  const onLanguage = () => {
    setEnCookie(document, lang === 'sr');
    location.reload();
  };
  createRoot(document.getElementById('studio-root')!).render(
    <StrictMode>
      <Studio t={t} lang={lang} messages={messages} fixtures={fixtures.map((f) => f.json as FixtureDoc)} fixtureStates={fixtureStates}
        initialFile={new URLSearchParams(location.search).get('file')} onLanguage={onLanguage} />
    </StrictMode>,
  );
}

export function bootStudio(): void {
  boot().catch((e) => {
    console.error('[studio] boot failed', e);
    const root = document.getElementById('studio-root');
    if (root) root.textContent = `Studio: ${e instanceof Error ? e.message : String(e)}`;
  });
}

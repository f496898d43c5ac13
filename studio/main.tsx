/**
 * The studio's boot (studio/index.html, served at /studio to staff on development servers), and its preview frame's
 * (studio/preview.html at /studio/preview: preview-main.tsx). Both pages run this one module, so the studio's two
 * entries reach the shop's modules together and the shop's chunks stay as they are (a second entry reaching only
 * some of them would split the chunks the shop shares with the studio).
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
import { bootPreview } from './preview-main';

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

const previewRoot = document.getElementById('studio-preview-root');
if (previewRoot) bootPreview(previewRoot);
else boot().catch((e) => {
  console.error('[studio] boot failed', e);
  const root = document.getElementById('studio-root');
  if (root) root.textContent = `Studio: ${e instanceof Error ? e.message : String(e)}`;
});

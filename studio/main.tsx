/** The studio's boot (studio/index.html, served at /studio to staff on development servers). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, setEnCookie } from '../actions/api/language';
import type { Lang, Messages } from '../actions/stores/i18n';
import { setValidatorModuleLoader } from '../components/forms/rjsfValidator';
import type { FixtureDoc } from '../renderer/fixtures';
import '../components/styles';
import '../renderer/runtime.css';
import './studio.css';
import { studioApi } from './api';
import { makeT } from './i18n';
import { Studio } from './Studio';
import { previewFormSchema } from './validators';

function withoutSchema(m: Record<string, unknown>): Messages {
  const { $schema: _s, id: _i, version: _v, ...rest } = m;
  return rest as Messages;
}

async function boot(): Promise<void> {
  const lang: Lang = detectLanguage(document, location.pathname, location.search);
  document.documentElement.lang = lang === 'en' ? 'en' : 'sr-Latn';
  const [sr, en, fixtures] = await Promise.all([
    studioApi.uiDocument<Record<string, unknown>>('/ui/messages/sr'),
    studioApi.uiDocument<Record<string, unknown>>('/ui/messages/en'),
    studioApi.fixtures(),
  ]);
  const messages = { sr: withoutSchema(sr), en: withoutSchema(en) };
  const t = makeT(messages[lang], lang);
  document.title = t('studio.title');

  // forms in the preview validate with a module the server compiles from the DRAFT's data schema
  setValidatorModuleLoader(async (url) => {
    const schema = previewFormSchema(url);
    if (!schema) return import(/* @vite-ignore */ url) as Promise<{ default?: unknown }>;
    return import(/* @vite-ignore */ await studioApi.validatorUrl(schema)) as Promise<{ default?: unknown }>;
  });

  const onLanguage = () => {
    setEnCookie(document, lang === 'sr');
    location.reload();
  };
  createRoot(document.getElementById('studio-root')!).render(
    <StrictMode>
      <Studio t={t} lang={lang} messages={messages} fixtures={fixtures.map((f) => f.json as FixtureDoc)}
        initialFile={new URLSearchParams(location.search).get('file')} onLanguage={onLanguage} />
    </StrictMode>,
  );
}

boot().catch((e) => {
  console.error('[studio] boot failed', e);
  const root = document.getElementById('studio-root');
  if (root) root.textContent = `Studio: ${e instanceof Error ? e.message : String(e)}`;
});

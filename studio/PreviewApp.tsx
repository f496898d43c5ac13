/**
 * The preview's frame (studio/preview.html at /studio/preview, entry preview-main.tsx, framed by the studio's
 * PreviewPane.tsx): its window is as wide as the width the studio chose, so the shop's media queries draw the phone
 * or the desktop layout. It waits for the studio's messages (the store state with the texts, and the open document's draft: previewFrame.ts,
 * from the parent window of this origin only), draws them with Preview.tsx, and sends back the recorded actions.
 */
import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { setValidatorModuleLoader } from '../components/forms/rjsfValidator';
import { studioApi } from './api';
import { makeT } from './i18n';
import { RenderedPreview } from './Preview';
import { messageToFrame, plainCalls, type DocumentMessage, type FromFrame, type StateMessage } from './previewFrame';
import type { RecordedAction } from './previewRuntime';
import { previewFormSchema } from './validators';

function toStudio(message: FromFrame): void {
  window.parent.postMessage(message, location.origin);
}

export function PreviewApp() {
  const [state, setState] = useState<StateMessage | null>(null);
  const [doc, setDoc] = useState<DocumentMessage | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = messageToFrame(e, window.parent, location.origin);
      if (m?.type === 'studio-preview:state') setState(m);
      else if (m) setDoc(m);
    };
    window.addEventListener('message', onMessage);
    toStudio({ type: 'studio-preview:ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const t = useMemo(() => (state ? makeT(state.studio.messages, state.studio.lang) : null), [state]);
  useEffect(() => {
    if (!state || !t) return;
    document.documentElement.lang = state.fixture?.lang === 'en' ? 'en' : 'sr-Latn';
    document.title = t('studio.preview');
  }, [state, t]);
  const onCalls = useCallback((calls: RecordedAction[]) => toStudio({ type: 'studio-preview:calls', calls: plainCalls(calls) }), []);
  if (!state || !doc || !t) return null;
  return <RenderedPreview kind={doc.kind} id={doc.id} draft={doc.draft} fixture={state.fixture} messages={state.messages} t={t} onCalls={onCalls} />;
}

export function bootPreview(root: HTMLElement): void {
  // forms in the preview validate with a module the server compiles from the DRAFT's data schema
  setValidatorModuleLoader(async (url) => {
    const schema = previewFormSchema(url);
    if (!schema) return import(/* @vite-ignore */ url) as Promise<{ default?: unknown }>;
    return import(/* @vite-ignore */ await studioApi.validatorUrl(schema)) as Promise<{ default?: unknown }>;
  });
  createRoot(root).render(<StrictMode><PreviewApp /></StrictMode>);
}

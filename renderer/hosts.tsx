/** The modal host, toast host and page loader overlay (state in the ui store). */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { ScopeContext } from './context';
import { useRuntime, useScope, useStores, useT } from './hooks';
import { NodeList } from './Node';
import { resolveValue } from './resolve';
import { focusLost, focusPageStart } from './focus';
import type { ModalEntry } from '../actions/stores';
import type { UiNode } from './types';

export interface ModalDoc {
  id: string;
  title?: unknown;
  size?: 'small' | 'medium' | 'large';
  body?: UiNode[];
  footer?: UiNode[];
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const ModalHost = observer(function ModalHost() {
  const { ui } = useStores();
  if (ui.modals.length === 0) return null;
  return (
    <>
      {ui.modals.map((m, i) => (
        <ModalFrame key={`${m.id}#${i}`} entry={m} top={i === ui.modals.length - 1} />
      ))}
    </>
  );
});

const ModalFrame = observer(function ModalFrame({ entry, top }: { entry: ModalEntry; top: boolean }) {
  const rt = useRuntime();
  const scope = useScope();
  const t = useT();
  const [doc, setDoc] = useState<ModalDoc | null>(null);
  const [failed, setFailed] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    let alive = true;
    rt.api.getDocument<ModalDoc>(`/ui/modals/${encodeURIComponent(entry.id)}`)
      .then((d) => { rt.preloadActions?.(d).catch(() => undefined); if (alive) setDoc(d); })
      .catch((e) => { console.error(`[modal] ${entry.id}`, e); if (alive) setFailed(true); });
    return () => { alive = false; };
  }, [rt, entry.id]);

  // focus the dialog on open, give focus back on close
  // biome-ignore lint/correctness/useExhaustiveDependencies: `doc` is not read but is the trigger: once the dialog's document has drawn its content, focus is placed on the dialog's first focusable element again; without it focus would stay wherever it went while the document loaded
  useEffect(() => {
    if (!top) return;
    const before = document.activeElement as HTMLElement | null;
    const el = dialogRef.current;
    const first = el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus();
    return () => {
      if (before?.isConnected) before.focus();
      // the opener was redrawn (replaced) while the dialog was open: focus the page's heading, never the body
      setTimeout(() => { if (focusLost()) focusPageStart(); }, 0);
    };
  }, [top, doc]);

  const close = () => { void rt.dispatch({ action: 'ui.closeModal', args: { id: entry.id } }); };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') { e.stopPropagation(); close(); return; }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) { e.preventDefault(); return; }
    const first = items[0], last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };

  const modalScope = useMemo(() => ({ ...scope, modal: { id: entry.id, params: entry.params } }), [scope, entry]);
  const title = doc?.title !== undefined ? String(resolveValue(doc.title, modalScope, t) ?? '') : '';

  return (
    <div className="sdui-modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget && top) close(); }} aria-hidden={top ? undefined : true}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : entry.id}
        tabIndex={-1}
        className={`sdui-modal sdui-modal--${doc?.size ?? 'medium'}`}
        onKeyDown={onKeyDown}
        data-modal={entry.id}
      >
        <div className="sdui-modal__head">
          {title ? <h2 id={titleId} className="sdui-modal__title">{title}</h2> : <span />}
          <button type="button" className="sdui-modal__close" aria-label={t('modal.close')} onClick={close}>×</button>
        </div>
        <ScopeContext.Provider value={modalScope}>
          <div className="sdui-modal__body">
            {failed ? <p role="alert">{t('error.loadFailed')}</p> : <NodeList nodes={doc?.body} />}
          </div>
          {doc?.footer && doc.footer.length > 0 ? <div className="sdui-modal__footer"><NodeList nodes={doc.footer} /></div> : null}
        </ScopeContext.Provider>
      </div>
    </div>
  );
});

export const ToastHost = observer(function ToastHost() {
  const { ui } = useStores();
  const rt = useRuntime();
  const t = useT();
  return (
    <div className="sdui-toasts" role="region" aria-live="polite" aria-label={t('toast.region')}>
      {ui.toasts.map((toast) => (
        <div key={toast.id} className={`sdui-toast sdui-toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className="sdui-toast__text">{toast.text ?? (toast.message ? t(toast.message, toast.params) : '')}</span>
          {/* the store directly, not an action: the retry must work while action chunks fail to load */}
          {toast.retry && (
            <button type="button" className="sdui-toast__retry"
              onClick={() => { const retry = toast.retry!; ui.dismissToast(toast.id); retry(); }}>{t('error.loadRetry')}</button>
          )}
          <button type="button" className="sdui-toast__close" aria-label={t('toast.close')}
            onClick={() => void rt.dispatch({ action: 'ui.dismissToast', args: { id: toast.id } })}>×</button>
        </div>
      ))}
    </div>
  );
});

export const LoaderOverlay = observer(function LoaderOverlay() {
  const { ui } = useStores();
  const t = useT();
  // the status region stays in the page so that the loader's appearance is announced (a region added with its
  // text is not read by every screen reader)
  return (
    <>
      <div className="sdui-sr-only" role="status">{ui.loader.visible ? t('loader.label') : ''}</div>
      {ui.loader.visible && (
        <div className="sdui-loader" role="progressbar" aria-busy="true" aria-label={t('loader.label')}>
          <div className="sdui-loader__spinner" />
        </div>
      )}
    </>
  );
});

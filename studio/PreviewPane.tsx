/**
 * The studio's preview pane. A screen, modal or form is drawn in a frame of its own (/studio/preview, its boot in
 * PreviewApp.tsx, its drawing Preview.tsx) laid out at the width chosen here — 375, 768 or 1280 px, or the pane's
 * width — so the shop's media queries answer to that width (a phone's layout in a wide window), and scaled down
 * when it is wider than the pane. The pane sends the frame the store state, the texts and the draft
 * (previewFrame.ts) and lists the actions the frame recorded. A checkout flow is listed here, without a frame.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { PreviewProps } from './Preview';
import type { T } from './i18n';
import { defaultWidth, frameBox, messageFromFrame, PREVIEW_PATH, PREVIEW_WIDTHS, type PreviewWidth, type ToFrame } from './previewFrame';
import { previewUrl, type RecordedAction } from './previewRuntime';

/** What the frame draws (Preview.tsx PreviewProps: kind, id, draft — null while it is not valid JSON —, fixture, the
 *  shop's texts of the fixture's language) and the studio's own. */
export interface PreviewPaneProps extends Omit<PreviewProps, 'onCalls'> {
  /** the studio's language and texts (the frame's own texts) */
  lang: Lang;
  studioMessages: Messages;
}

const FRAMED = new Set(['screens', 'modals', 'forms']);

export function PreviewPane(props: PreviewPaneProps) {
  const { kind, draft, t } = props;
  // the width chosen (null: the kind's default) stays while other documents are opened
  const [width, setWidth] = useState<PreviewWidth | null>(null);
  if (kind === 'flows') {
    return draft !== null && typeof draft === 'object' ? <FlowPreview flow={draft as FlowDoc} t={t} /> : <p className="st-muted">{t('studio.preview.invalidJson')}</p>;
  }
  if (!FRAMED.has(kind)) return <p className="st-muted">{t('studio.preview.none')}</p>;
  return <FramedPreview {...props} width={width ?? defaultWidth(kind)} onWidth={setWidth} />;
}

interface FlowDoc { checkoutType?: string; steps?: Array<{ code: string; path: string; screen: string; hidden?: boolean; title?: { message?: string } }> }

function FlowPreview({ flow, t }: { flow: FlowDoc; t: T }) {
  return (
    <div className="st-flow">
      <h3>{t('studio.preview.steps', { type: flow.checkoutType ?? '—' })}</h3>
      <ol>
        {(flow.steps ?? []).map((s, i) => (
          <li key={`${s.code}-${i}`}>
            <strong>{s.title?.message ? t(s.title.message) : s.code}</strong>
            <code>{s.code}</code> <code>{s.path}</code> <code>{s.screen}</code>
            {s.hidden ? <em> — {t('studio.preview.hiddenStep')}</em> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The width switch: a labelled group of radio buttons (arrow keys move between them), drawn as segmented buttons. */
export function WidthSwitch({ value, onChange, t }: { value: PreviewWidth; onChange(width: PreviewWidth): void; t: T }) {
  const name = useId();
  return (
    <div className="st-widths" role="radiogroup" aria-labelledby={`${name}-label`}>
      <span id={`${name}-label`}>{t('studio.preview.width')}</span>
      <span className="st-widths__options">
        {PREVIEW_WIDTHS.map((w) => (
          <label key={w} className="st-widths__option">
            <input type="radio" name={name} value={String(w)} checked={value === w} onChange={() => onChange(w)} />
            <span>{w === 'fit' ? t('studio.preview.width.fit') : t('studio.preview.width.px', { width: w })}</span>
          </label>
        ))}
      </span>
    </div>
  );
}

/** The element's inner size, followed (0 × 0 where it cannot be measured). */
function useSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const ro = new ResizeObserver(() => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      setSize((s) => (s.width === next.width && s.height === next.height ? s : next));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

function toFrame(frame: HTMLIFrameElement | null, message: ToFrame): void {
  frame?.contentWindow?.postMessage(message, location.origin);
}

function FramedPreview({ kind, id, draft, fixture, messages, t, lang, studioMessages, width, onWidth }: PreviewPaneProps & { width: PreviewWidth; onWidth(width: PreviewWidth): void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  /** how many times the frame said it listens (each load of it): then it is sent everything again */
  const [ready, setReady] = useState(0);
  const [calls, setCalls] = useState<RecordedAction[]>([]);
  const size = useSize(pane);
  const valid = draft !== null && typeof draft === 'object';

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = messageFromFrame(e, frame.current?.contentWindow, location.origin);
      if (m?.type === 'studio-preview:ready') setReady((n) => n + 1);
      else if (m) setCalls(m.calls);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  // a new state (or language texts): new stores in the frame
  useEffect(() => {
    if (ready > 0) toFrame(frame.current, { type: 'studio-preview:state', fixture, messages, studio: { lang, messages: studioMessages } });
  }, [ready, fixture, messages, lang, studioMessages]);
  // a new draft (while it is not valid JSON, the frame keeps drawing the last valid one)
  useEffect(() => {
    if (ready > 0 && valid) toFrame(frame.current, { type: 'studio-preview:document', kind, id, draft });
  }, [ready, kind, id, draft, valid]);

  const box = frameBox(width, size);
  const address = kind === 'screens' && valid ? previewUrl((draft as { route?: string }).route ?? '/', fixture) : null;
  return (
    <div className="st-preview">
      <div className="st-preview__bar">
        <WidthSwitch value={width} onChange={onWidth} t={t} />
        {box.scale < 1 ? <span className="st-muted" data-testid="studio-preview-scale">{t('studio.preview.scale', { percent: Math.round(box.scale * 100) })}</span> : null}
      </div>
      {address ? <p className="st-preview__route">{t('studio.preview.route')}: <code>{address}</code></p> : null}
      {valid ? null : <p className="st-preview__route" role="status">{t('studio.preview.invalidJson')}</p>}
      <div className="st-preview__canvas" ref={pane}>
        <iframe ref={frame} src={PREVIEW_PATH} title={t('studio.preview.frame', { id })} className="st-preview__frame" data-testid="studio-preview-frame"
          style={{ width: box.width ?? '100%', height: box.height ?? '100%', left: box.left, transform: box.scale < 1 ? `scale(${box.scale})` : undefined }} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached by the keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <section className="st-preview__actions" aria-label={t('studio.preview.actions')} tabIndex={0}>
        <h3>{t('studio.preview.actions')}</h3>
        {calls.length === 0 ? <p className="st-muted">{t('studio.preview.noActions')}</p> : (
          <ol>
            {calls.map((c, i) => (
              <li key={i} className={c.ran ? 'st-call st-call--ran' : 'st-call'}>
                <code>{c.action}</code> {Object.keys(c.args).length > 0 ? <code className="st-muted">{JSON.stringify(c.args)}</code> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

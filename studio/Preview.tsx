/**
 * The live preview of a draft: the screen (inside its layout, through the shop's own route assembly), modal or
 * form rendered by the real renderer and vocabulary in a fixture store state. Every draft change remounts the
 * drawing with the new document; the stores (and what was typed into forms) live as long as the chosen state.
 * It is drawn inside the preview's frame (studio/preview.html, PreviewApp.tsx), which the studio's pane
 * (PreviewPane.tsx) lays out at the chosen width and sends the draft, the state and the texts; the recorded
 * actions go back to the pane (`onCalls`), which lists them.
 */
import { Component, createContext, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { observer } from 'mobx-react-lite';
import type { Messages } from '../actions/stores/i18n';
import { storeScope } from '../actions/stores';
import { RuntimeContext, ScopeContext } from '../renderer/context';
import { ModalHost } from '../renderer/hosts';
import { NodeList } from '../renderer/Node';
import { AppRoutes, buildRoutes, forgetScreens, type Manifest, type RouteInfo } from '../renderer/router';
import type { FixtureDoc } from '../renderer/fixtures';
import { createPreviewSession, previewUrl, type DocumentSource, type PreviewSession, type RecordedAction } from './previewRuntime';
import type { T } from './i18n';
import { registerPreviewForm } from './validators';
import type { RJSFSchema } from '@rjsf/utils';
import { studioApi } from './api';
import { expandDocument, type FragmentDoc } from '../tools/schemas/fragments';
import { expandFormIncludes, includedForms } from '../tools/schemas/form-includes';

export interface PreviewProps {
  /** "screens" | "modals" | "forms" */
  kind: string;
  id: string;
  /** the parsed draft */
  draft: unknown;
  fixture: FixtureDoc | null;
  messages: Messages;
  t: T;
  /** the actions recorded so far (the latest 20), after every change */
  onCalls(calls: RecordedAction[]): void;
}

export function RenderedPreview({ kind, id, draft, fixture, messages, t, onCalls }: PreviewProps) {
  const [calls, setCalls] = useState<RecordedAction[]>([]);
  const [revision, setRevision] = useState(0);
  const draftRef = useRef<{ path: string; doc: unknown }>({ path: `/ui/${kind}/${id}`, doc: draft });
  const route = useRef<RouteInfo>({ path: '/', params: {}, query: {} });

  const source = useMemo<DocumentSource>(() => ({
    draft: (path) => (path === draftRef.current.path ? draftRef.current.doc : path === `/ui/messages/${fixture?.lang ?? 'sr'}` ? messages : undefined),
    fetchServed: (path) => fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } }),
  }), [fixture, messages]);

  // new stores for every state (fixture) and language texts
  const session: PreviewSession = useMemo(() => createPreviewSession({
    fixture, messages, source,
    onCall: (c) => setCalls((prev) => [...prev.slice(-19), c]),
    route: () => route.current,
  }), [fixture, messages, source]);

  // the fragments a screen or modal draft includes, and the forms a form draft takes fields from ("fieldsOf"), with
  // those they include in turn, read from the studio's sources
  const fragments = useIncluded(kind === 'screens' || kind === 'modals', draft, 'fragments', includedFragments) as Record<string, FragmentDoc | null>;
  const forms = useIncluded(kind === 'forms', draft, 'forms', includedForms);

  // a new draft: the document is served fresh (its includes expanded, as the server serves it) and the drawing remounts
  useEffect(() => {
    const known = Object.fromEntries(Object.entries(fragments).filter((e): e is [string, FragmentDoc] => e[1] !== null));
    const doc = kind === 'screens' || kind === 'modals' ? expandDocument(draft, known).json
      : kind === 'forms' ? expandFormIncludes(draft, (f) => forms[f] ?? undefined).json : draft;
    draftRef.current = { path: `/ui/${kind}/${id}`, doc };
    const schema = kind === 'forms' ? (doc as { schema?: unknown }).schema : undefined;
    if (schema && typeof schema === 'object') registerPreviewForm(schema as RJSFSchema);
    session.api.forgetDocument(draftRef.current.path);
    setRevision((r) => r + 1);
  }, [kind, id, draft, session, fragments, forms]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: session, kind and id are not read but are the trigger: a new preview session or document starts with an empty list of recorded action calls; without them the old document's calls would stay listed
  useEffect(() => setCalls([]), [session, kind, id]);
  useEffect(() => onCalls(calls), [calls, onCalls]);

  const stores = session.stores;
  const loading = <p className="st-muted" aria-busy="true">{t('studio.loading')}</p>;
  let drawing: ReactNode;
  if (kind === 'screens') drawing = <ScreenPreview key={revision} id={id} doc={draft as ScreenLike} session={session} fixture={fixture} route={route} loading={loading} />;
  else if (kind === 'modals') drawing = <ModalPreview key={revision} id={id} session={session} />;
  else {
    drawing = (
      <Scoped session={session} key={revision}>
        <div className="st-preview__form">
          <NodeList nodes={[{ component: 'Form', props: { form: id } }]} />
          <button type="button" className="st-button st-button--ghost st-preview__validate" onClick={() => stores.ui.validateForms([id])}>
            {t('studio.preview.validate')}
          </button>
        </div>
      </Scoped>
    );
  }

  return (
    <div className="st-frame" data-testid="studio-preview">
      {kind === 'screens'
        ? <PreviewBoundary key={revision} t={t}>{drawing}</PreviewBoundary>
        : <PreviewBoundary key={revision} t={t}><Suspense fallback={loading}>{drawing}</Suspense></PreviewBoundary>}
    </div>
  );
}

interface ScreenLike { route?: string; aliases?: string[]; layout?: string }

/**
 * The documents of `folder` (schemas/<folder>/<id>.json, the studio's sources) a draft includes, by id, and those they
 * include in turn (null: one that could not be read); `idsOf` names the ids a document includes directly.
 */
function useIncluded(active: boolean, draft: unknown, folder: string, idsOf: (doc: unknown) => string[]): Record<string, unknown> {
  const [docs, setDocs] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (!active) return undefined;
    const loaded = Object.values(docs).filter((d) => d !== null);
    const need = [...new Set([draft, ...loaded].flatMap(idsOf))].filter((id) => !(id in docs));
    if (need.length === 0) return undefined;
    let live = true;
    void Promise.all(need.map((id) => studioApi.source(`schemas/${folder}/${id}.json`).then((r) => JSON.parse(r.text) as unknown, () => null)))
      .then((read) => { if (live) setDocs((prev) => ({ ...prev, ...Object.fromEntries(need.map((id, i) => [id, read[i]])) })); });
    return () => { live = false; };
  }, [active, draft, docs, folder, idsOf]);
  return docs;
}

/** The ids of the fragments a document includes directly ({ "fragment": id } anywhere in it). */
function includedFragments(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.fragment === 'string') out.push(o.fragment);
      Object.values(o).forEach(walk);
    }
  };
  walk(doc);
  return out;
}

let previewVersion = 0;

const SlotContext = createContext<ReactNode>(null);
function Slot() { return <>{useContext(SlotContext)}</>; }

/** The stores as the scope, inside a memory router (components may draw links). */
function Scoped({ session, children }: { session: PreviewSession; children: ReactNode }) {
  const s = session.stores;
  const scope = useMemo(() => ({ ...storeScope(s), route: { path: '/', params: {}, query: {} } }), [s]);
  return (
    <RuntimeContext.Provider value={session.runtime}>
      <SlotContext.Provider value={children}>
        <MemoryRouter><ScopeContext.Provider value={scope}><Slot /></ScopeContext.Provider></MemoryRouter>
      </SlotContext.Provider>
    </RuntimeContext.Provider>
  );
}

/**
 * A screen through the shop's own routes (renderer/router.tsx): layout, load actions, modal and toast hosts. The
 * screen's documents are read with `use` (they suspend while they come): the boundary is inside this component, so
 * it commits and keeps its routes — a boundary above it would draw it anew on every retry, forgetting the screens
 * it had just asked for, asking again, without end; no boundary at all would hold the whole studio.
 */
function ScreenPreview({ id, doc, session, fixture, route, loading }: { id: string; doc: ScreenLike; session: PreviewSession; fixture: FixtureDoc | null; route: { current: RouteInfo }; loading: ReactNode }) {
  const { routes, entry, version } = useMemo(() => {
    // a layout is shown around the home page
    const isLayout = !doc.route;
    const screen = isLayout ? 'home' : id;
    const paths = isLayout ? ['/'] : [doc.route!, ...(Array.isArray(doc.aliases) ? doc.aliases : [])];
    const manifest: Manifest = { routes: paths.map((p) => ({ route: p, screen })) };
    // the edited documents are read again (the runtime keeps the screens it has drawn)
    forgetScreens(session.runtime);
    return { routes: buildRoutes(manifest, session.runtime, route), entry: previewUrl(paths[0], fixture), version: ++previewVersion };
  }, [id, doc, session, fixture, route]);
  return (
    <RuntimeContext.Provider value={session.runtime}>
      <Suspense fallback={loading}>
        <MemoryRouter key={version} initialEntries={[entry]}><AppRoutes routes={routes} /></MemoryRouter>
      </Suspense>
    </RuntimeContext.Provider>
  );
}

const ModalPreview = observer(function ModalPreview({ id, session }: { id: string; session: PreviewSession }) {
  useEffect(() => {
    session.stores.ui.openModal(id);
    return () => session.stores.ui.closeModal(id);
  }, [id, session]);
  return <Scoped session={session}><ModalHost /></Scoped>;
});

class PreviewBoundary extends Component<{ t: T; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) { return { error }; }
  override render() {
    if (this.state.error) return <p role="alert" className="st-alert st-alert--error">{this.props.t('studio.preview.failed', { message: this.state.error.message })}</p>;
    return this.props.children;
  }
}

/**
 * The studio draws its preview in an iframe (GET /studio/preview, studio/preview.html) so that the shop's media
 * queries answer to the preview's width, not the studio window's. This module is what both sides share: the messages
 * the studio and the frame exchange (window.postMessage, same origin only, each side checking the sender), and the
 * width switch's geometry (the frame laid out at 375 / 768 / 1280 px or at the pane's width, scaled down to fit).
 */
import type { Lang, Messages } from '../actions/stores/i18n';
import type { FixtureDoc } from '../renderer/fixtures';
import type { RecordedAction } from './previewRuntime';

/** The preview page's address (server/studio/routes.ts). */
export const PREVIEW_PATH = '/studio/preview';

/** studio → frame: the store state and the texts (a new state is a new set of stores in the frame) */
export interface StateMessage {
  type: 'studio-preview:state';
  fixture: FixtureDoc | null;
  /** the shop's texts in the fixture's language (a messages draft when one is edited) */
  messages: Messages;
  /** the studio's own texts (the frame's loading, error and "validate" texts) */
  studio: { lang: Lang; messages: Messages };
}
/** studio → frame: the open document and its draft (every draft change remounts the drawing) */
export interface DocumentMessage { type: 'studio-preview:document'; kind: string; id: string; draft: unknown }
export type ToFrame = StateMessage | DocumentMessage;

/** frame → studio: the frame listens (sent again after every load of the frame) */
export interface ReadyMessage { type: 'studio-preview:ready' }
/** frame → studio: the actions recorded in the preview so far (the latest 20) */
export interface CallsMessage { type: 'studio-preview:calls'; calls: RecordedAction[] }
export type FromFrame = ReadyMessage | CallsMessage;

const TO_FRAME = new Set<string>(['studio-preview:state', 'studio-preview:document']);
const FROM_FRAME = new Set<string>(['studio-preview:ready', 'studio-preview:calls']);

interface Received { origin: string; source: unknown; data: unknown }

function read(e: Received, from: unknown, origin: string, types: Set<string>): { type: string } | null {
  if (e.origin !== origin || from === null || from === undefined || e.source !== from) return null;
  const d = e.data as { type?: unknown } | null;
  return d && typeof d === 'object' && typeof d.type === 'string' && types.has(d.type) ? d as { type: string } : null;
}

/** A message for the frame, or null unless it comes from `parent` (the studio) on this origin. */
export function messageToFrame(e: Received, parent: unknown, origin: string): ToFrame | null {
  const m = read(e, parent, origin, TO_FRAME);
  if (!m) return null;
  const d = m as { messages?: unknown; studio?: unknown; kind?: unknown; id?: unknown };
  if (m.type === 'studio-preview:state') return d.messages && d.studio ? m as StateMessage : null;
  return typeof d.kind === 'string' && typeof d.id === 'string' ? m as DocumentMessage : null;
}

/** A message for the studio, or null unless it comes from `frame` (the preview's window) on this origin. */
export function messageFromFrame(e: Received, frame: unknown, origin: string): FromFrame | null {
  const m = read(e, frame, origin, FROM_FRAME);
  if (!m) return null;
  if (m.type === 'studio-preview:calls') return Array.isArray((m as Partial<CallsMessage>).calls) ? m as CallsMessage : null;
  return m as ReadyMessage;
}

/** Recorded calls as plain data (their args may hold store objects, which a message cannot carry). */
export function plainCalls(calls: readonly RecordedAction[]): RecordedAction[] {
  return calls.map((c) => {
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(JSON.stringify(c.args ?? {})) as Record<string, unknown>;
    } catch {
      args = {};
    }
    return { action: c.action, args, ran: c.ran };
  });
}

/** The widths the switch offers: a phone, a tablet, a desktop, and the pane's own width. */
export const PREVIEW_WIDTHS = [375, 768, 1280, 'fit'] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

/** A screen is shown at a desktop's width unless another is chosen; a modal or a form fills the pane. */
export function defaultWidth(kind: string): PreviewWidth {
  return kind === 'screens' ? 1280 : 'fit';
}

/**
 * Where the frame goes in a pane of `pane` px: its CSS width and height (the page's viewport) and the scale that
 * fits it into the pane. Wider than the pane: scaled down, and as much taller as it is scaled, so that it fills the
 * pane's height (the page scrolls inside the frame). Narrower: at its size, centred (`left`). A pane not measured
 * yet (0 × 0): the chosen width, unscaled, the pane's full height.
 */
export function frameBox(width: PreviewWidth, pane: { width: number; height: number }): { width: number | null; height: number | null; scale: number; left: number } {
  const measured = pane.width > 0 && pane.height > 0;
  if (width === 'fit') return measured ? { width: pane.width, height: pane.height, scale: 1, left: 0 } : { width: null, height: null, scale: 1, left: 0 };
  if (!measured) return { width, height: null, scale: 1, left: 0 };
  const scale = Math.min(1, pane.width / width);
  return { width, height: Math.floor(pane.height / scale), scale, left: Math.max(0, Math.floor((pane.width - width * scale) / 2)) };
}

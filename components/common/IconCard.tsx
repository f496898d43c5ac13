import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type IconName = 'truck' | 'shield' | 'card' | 'store' | 'esim' | 'support' | 'percent' | 'signal';

const PATHS: Record<IconName, string> = {
  truck: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Zm-3 9 2 2 4-4',
  card: 'M3 6h18v12H3zM3 10h18M7 15h3',
  store: 'M4 9h16l-1-5H5L4 9Zm0 0v11h16V9M9 20v-6h6v6',
  esim: 'M7 3h7l4 4v14H7zM10 11h5v6h-5z',
  support: 'M4 13a8 8 0 1 1 16 0v4a2 2 0 0 1-2 2h-2v-6h4M4 13v4a2 2 0 0 0 2 2h2v-6H4',
  percent: 'M19 5 5 19M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm10 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  signal: 'M4 20v-3M9 20v-7M14 20V9M19 20V4',
};

export type IconCardProps = ComponentProps['IconCard'];

/** A benefit tile: a round brand icon, a title and a short text. */
export default function IconCard({ icon, title, text }: IconCardProps & VocabularyProps) {
  return (
    <div className="ot-iconcard">
      <span className="ot-iconcard__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h3 className="ot-iconcard__title">{title}</h3>
      {text && <p className="ot-iconcard__text">{text}</p>}
    </div>
  );
}

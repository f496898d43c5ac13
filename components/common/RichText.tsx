import type { ReactNode } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type RichTextProps = ComponentProps['RichText'];

/**
 * Plain text with light structure and no HTML: blank lines separate paragraphs,
 * lines starting with "- " form a bullet list.
 */
export default function RichText({ text }: RichTextProps & VocabularyProps) {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  const out: ReactNode[] = blocks.map((block, i) => {
    const lines = block.split('\n').map((l) => l.trim());
    if (lines.every((l) => l.startsWith('- '))) {
      return (
        <ul key={i}>
          {lines.map((l, j) => (
            <li key={j}>{l.slice(2)}</li>
          ))}
        </ul>
      );
    }
    return <p key={i}>{lines.join(' ')}</p>;
  });
  return <div className="ot-richtext">{out}</div>;
}

import type { VocabularyProps } from '../../renderer/types';

export interface DividerProps {
  spacing?: 1 | 2 | 3 | 4;
}

/** A thin horizontal rule. */
export default function Divider({ spacing = 2 }: DividerProps & VocabularyProps) {
  return <hr className="ot-divider" style={{ margin: `calc(var(--ot-s1) * ${spacing}) 0` }} />;
}

import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type DividerProps = ComponentProps['Divider'];

/** A thin horizontal rule. */
export default function Divider({ spacing = 2 }: DividerProps & VocabularyProps) {
  return <hr className="ot-divider" style={{ margin: `calc(var(--ot-s1) * ${spacing}) 0` }} />;
}

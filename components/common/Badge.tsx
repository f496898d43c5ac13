import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type BadgeProps = ComponentProps['Badge'];

/** A small label such as "Novo", "Akcija" or "eSIM". Draws nothing when empty. */
export default function Badge({ text, tone = 'brand' }: BadgeProps & VocabularyProps) {
  if (text === undefined || text === null || text === '') return null;
  return <span className={cx('ot-badge', `ot-badge--${tone}`)}>{text}</span>;
}

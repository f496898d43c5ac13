import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type TextProps = ComponentProps['Text'];

/** One paragraph of text. Draws nothing when the text is empty. */
export default function Text({ text, variant = 'body', align = 'start' }: TextProps & VocabularyProps) {
  if (text === undefined || text === null || text === '') return null;
  return <p className={cx('ot-text', `ot-text--${variant}`, align === 'center' && 'ot-text-center')}>{text}</p>;
}

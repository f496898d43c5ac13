import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ImageProps = ComponentProps['Image'];

/** An image, lazily loaded, with a required alternative text (empty only when decorative). Draws nothing without a source. */
export default function Image({ src, alt, width, height, fit = 'contain', rounded, decorative }: ImageProps & VocabularyProps) {
  if (!src) return null;
  return <img className={cx('ot-image', `ot-image--${fit}`, rounded && 'ot-image--rounded')} src={src} alt={decorative ? '' : alt} width={width} height={height} loading="lazy" decoding="async" />;
}

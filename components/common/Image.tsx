import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';

export interface ImageProps {
  src?: string | null;
  alt: string;
  width?: number;
  height?: number;
  fit?: 'contain' | 'cover';
  rounded?: boolean;
}

/** An image, lazily loaded, with a required alternative text. Draws nothing without a source. */
export default function Image({ src, alt, width, height, fit = 'contain', rounded }: ImageProps & VocabularyProps) {
  if (!src) return null;
  return <img className={cx('ot-image', `ot-image--${fit}`, rounded && 'ot-image--rounded')} src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />;
}

import { useEffect, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type GalleryProps = ComponentProps['Gallery'];

/** The device pictures: a large one and thumbnails to switch; resets to the first when the images change (colour change). */
export default function Gallery({ images, name, step }: GalleryProps & VocabularyProps) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const list = images ?? [];
  const key = list.map((i) => i.url).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` (the images' addresses) is not read but is the trigger: a new set of pictures (a colour change) starts at the first; without it the index of the old set would be kept
  useEffect(() => setIndex(0), [key]);
  const later = (step ?? 1) > 1;
  if (list.length === 0) return <div className={cx('ot-gallery', 'ot-gallery--empty', later && 'ot-gallery--later')} aria-hidden="true" />;
  const main = list[Math.min(index, list.length - 1)];
  return (
    <div className={cx('ot-gallery', later && 'ot-gallery--later')}>
      <div className="ot-gallery__main">
        <img src={main.url} alt={main.altText || name || ""} width={480} height={480} loading="eager" fetchPriority="high" />
      </div>
      {list.length > 1 && (
        <div className="ot-gallery__thumbs" role="group" aria-label={t('pdp.gallery')}>
          {list.map((img, i) => (
            <button key={img.url} type="button" className={cx('ot-gallery__thumb', i === index && 'is-active')} aria-pressed={i === index} aria-label={t('pdp.gallery.show', { n: i + 1 })} onClick={() => setIndex(i)}>
              <img src={img.url} alt="" width={64} height={64} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

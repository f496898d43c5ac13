import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type SpecListProps = ComponentProps['SpecList'];
/** A row: a characteristic of the specification or a highlight (whose name and value the API may leave out). */
interface SpecItem { name?: string; value?: string }

/** Name/value rows as a description list: flat `items` (highlights) or titled `groups` (the full specification). */
export default function SpecList({ groups, items, columns = 1 }: SpecListProps & VocabularyProps) {
  // a group without rows is left out
  const gs = (groups?.groups ?? []).filter((g) => g.characteristics.length > 0);
  const rows = (list: SpecItem[]) => (
    <dl className={`ot-spec ot-spec--cols-${columns}`}>
      {list.map((it, i) => (
        <div key={`${it.name}-${i}`} className="ot-spec__row">
          <dt>{it.name}</dt>
          <dd>{it.value}</dd>
        </div>
      ))}
    </dl>
  );
  if (gs.length > 0) {
    return (
      <div className="ot-specgroups">
        {gs.map((g) => (
          <section key={g.name} className="ot-specgroups__group">
            <h3>{g.name}</h3>
            {rows(g.characteristics)}
          </section>
        ))}
      </div>
    );
  }
  if (items && items.length > 0) return rows(items);
  return null;
}

import type { VocabularyProps } from '../../renderer/types';

export interface SpecItem {
  name: string;
  value: string;
}
export interface SpecGroup {
  name: string;
  items: SpecItem[];
}
/** A group as the specification API sends it: rows under `characteristics` (or `items`). */
export interface SpecGroupIn {
  name: string;
  items?: SpecItem[];
  characteristics?: SpecItem[];
}

export interface SpecListProps {
  groups?: SpecGroupIn[] | { groups?: SpecGroupIn[] } | null;
  items?: SpecItem[] | null;
  columns?: 1 | 2;
}

function normalizeGroups(g: SpecListProps['groups']): SpecGroup[] {
  if (!g) return [];
  const list = Array.isArray(g) ? g : (g.groups ?? []);
  return list
    .map((x) => ({ name: x?.name ?? '', items: x?.characteristics ?? x?.items ?? [] }))
    .filter((x) => x.items.length > 0);
}

/** Name/value rows as a description list: flat `items` (highlights) or titled `groups` (full specification). */
export default function SpecList({ groups, items, columns = 1 }: SpecListProps & VocabularyProps) {
  const gs = normalizeGroups(groups);
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
            {rows(g.items)}
          </section>
        ))}
      </div>
    );
  }
  if (items && items.length > 0) return rows(items);
  return null;
}

/**
 * The preview's state select: the fixture states that change the open document first (its default first, marked),
 * then the others in a group saying they draw it like a state above (studio/fixtureStates.ts). A document the matrix
 * does not know lists every state alike. Every state stays selectable.
 */
import type { FixtureDoc } from '../renderer/fixtures';
import { orderFixtures } from './fixtureStates';
import { camelCase, type T } from './i18n';

export interface StateSelectProps {
  fixtures: FixtureDoc[];
  /** the states that change the open document (its default first), or null when unknown */
  states: string[] | null;
  value: string;
  onChange(id: string): void;
  t: T;
}

export function StateSelect({ fixtures, states, value, onChange, t }: StateSelectProps) {
  const { changing, same } = orderFixtures(fixtures, states);
  // the matrix knows the document: its first state is its default
  const known = states?.some((s) => fixtures.some((f) => f.id === s)) === true;
  const option = (f: FixtureDoc, isDefault: boolean) => {
    const key = `studio.fixture.${camelCase(f.id)}`;
    const name = t(key) === key ? f.id : t(key);
    return (
      <option key={f.id} value={f.id} title={typeof f.title === 'string' ? f.title : undefined}>
        {isDefault ? t('studio.preview.state.default', { state: name }) : name}
      </option>
    );
  };
  return (
    <label className="st-field">
      <span>{t('studio.preview.state')}</span>
      <select className="st-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {same.length === 0 ? changing.map((f, i) => option(f, known && i === 0)) : (
          <>
            <optgroup label={t('studio.preview.state.changes')}>{changing.map((f, i) => option(f, i === 0))}</optgroup>
            <optgroup label={t('studio.preview.state.same')}>{same.map((f) => option(f, false))}</optgroup>
          </>
        )}
      </select>
    </label>
  );
}

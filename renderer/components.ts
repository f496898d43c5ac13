/** The app's registry built from the components/ folder (Vite import.meta.glob). */
import { createRegistry, type AnyComponent, type ComponentRegistry } from './registry';
import { LoadFailed } from './load-error';

const eager = import.meta.glob<Record<string, unknown>>(
  ['../components/layout/**/*.tsx', '../components/common/**/*.tsx', '../components/catalog/**/*.tsx', '../components/cart/**/*.tsx'],
  { eager: true },
);
const lazyLoaders = import.meta.glob<Record<string, unknown>>([
  '../components/**/*.tsx',
  '!../components/**/widgets/**',
  '!../components/**/templates/**',
  '!../components/layout/**',
  '!../components/common/**',
  '!../components/catalog/**',
  '!../components/cart/**',
]);

export function appRegistry(builtins: Record<string, AnyComponent>): ComponentRegistry {
  return createRegistry(eager, lazyLoaders, builtins, { loadFailed: LoadFailed });
}

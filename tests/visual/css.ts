// The shop's stylesheets in the order the app loads them: the design system (components/styles/index.ts,
// in its import order), the other component stylesheets, then the runtime's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function cssFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) out.push(...cssFilesUnder(abs));
    else if (name.endsWith('.css')) out.push(abs);
  }
  return out;
}

export function shopCssFiles(root: string): string[] {
  const stylesDir = join(root, 'components', 'styles');
  const index = readFileSync(join(stylesDir, 'index.ts'), 'utf8');
  const system = [...index.matchAll(/import\s+'\.\/([^']+\.css)'/g)].map((m) => join(stylesDir, m[1]));
  const others = cssFilesUnder(join(root, 'components')).filter((f) => !system.includes(f));
  return [...system, ...others, join(root, 'renderer', 'runtime.css')];
}

export function shopCss(root: string): string {
  return shopCssFiles(root).map((f) => `/* ${relative(root, f)} */\n${readFileSync(f, 'utf8')}`).join('\n');
}

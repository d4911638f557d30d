import * as fs from 'node:fs';
import * as path from 'node:path';
import { apiEnvSchema, REPO_ROOT } from './env.schema';

/**
 * The settings tables cannot drift from the schema the process validates (issue 27 item 6): `docs/api.md` names every
 * variable of `apiEnvSchema`, the README's short table names only variables the schema has, and neither names one
 * the schema lacks.
 */
/** Variable names in a markdown table's first column; `A` / `_SUFFIX` rows expand the suffix with A's prefix. */
function tableVariables(markdown: string, from: string, to?: string): Set<string> {
  const start = markdown.indexOf(from);
  const end = to ? markdown.indexOf(to, start) : markdown.length;
  const names = new Set<string>();
  for (const line of markdown.slice(start, end).split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1];
    let prefix = '';
    for (const m of cell.matchAll(/`([A-Z0-9_]+)`/g)) {
      const name = m[1];
      if (name.startsWith('_') && prefix) names.add(prefix + name);
      else {
        names.add(name);
        prefix = name.replace(/_[A-Z0-9]+$/, '');
      }
    }
  }
  return names;
}

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const schemaVars = new Set(Object.keys(apiEnvSchema.shape));
/** Read by scripts and the test rigs, not by the API process (its schema): documented, not validated here. */
const OUTSIDE_THE_SCHEMA = new Set(['TEST_DATABASE_URL', 'INKPRINT_REQUIRE_SERVICES', 'INKPRINT_REQUIRE_LM']);

describe('settings tables and the config schema', () => {
  it('docs/api.md documents every variable the API validates, and no other', () => {
    const documented = tableVariables(read('docs/api.md'), '| Variable');
    const missing = [...schemaVars].filter((name) => !documented.has(name));
    const unknown = [...documented].filter((name) => !schemaVars.has(name) && !OUTSIDE_THE_SCHEMA.has(name));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it("the README's table names only variables the API validates", () => {
    const named = tableVariables(read('README.md'), '## Configuration', '## Distributed mode');
    expect([...named].filter((name) => !schemaVars.has(name))).toEqual([]);
    expect(named.size).toBeGreaterThan(10);
  });

  it('finds table variables, including `A` / `_SUFFIX` rows', () => {
    const md = '| Variable | x |\n| `HUMANISER_LLM_URL` / `_MODEL` | y |\n| `PORT` / `HOST` | z |\n';
    expect([...tableVariables(md, '| Variable')].sort()).toEqual([
      'HOST',
      'HUMANISER_LLM_MODEL',
      'HUMANISER_LLM_URL',
      'PORT',
    ]);
  });
});

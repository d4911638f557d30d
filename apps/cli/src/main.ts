// The `inkprint` command line. Each command lives in its own file `commands/<name>.command.ts` exporting
// `register(program)`; they are discovered at start-up, so adding a command never touches this file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command } from 'commander';

interface CommandModule {
  register?: (program: Command) => void;
}

export function buildProgram(): Command {
  const program = new Command('inkprint').description('Inkprint: AI-text detector and humaniser').showHelpAfterError();
  const dir = path.join(__dirname, 'commands');
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => /\.command\.(js|ts)$/.test(f) && !f.endsWith('.d.ts'))
    : [];
  for (const file of files.sort()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.join(dir, file)) as CommandModule;
    if (typeof mod.register === 'function') mod.register(program);
  }
  return program;
}

export async function run(argv: readonly string[] = process.argv): Promise<void> {
  await buildProgram().parseAsync([...argv]);
}

if (require.main === module) {
  run().catch((e: unknown) => {
    process.stderr.write(`inkprint: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}

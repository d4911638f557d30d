import * as fs from 'node:fs';
import * as readline from 'node:readline';
import * as zlib from 'node:zlib';

export async function* readJsonl(file: string): AsyncGenerator<unknown> {
  const input = fs.createReadStream(file);
  const stream = file.endsWith('.gz') ? input.pipe(zlib.createGunzip()) : input;
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  for await (const line of rl) if (line.trim()) yield JSON.parse(line);
}

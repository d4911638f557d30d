import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findModelsDir, languageModelStatus, MANIFEST_FILE } from './detector';

/** What start-up and GET /health say about the language model, from the files alone (issue 24 item 2). */
describe('languageModelStatus', () => {
  const modelsDir = findModelsDir()!;

  it('names the model and the modes that use it; says why not when it is turned off', () => {
    const status = languageModelStatus({ modelsDir });
    expect(status).toMatchObject({ name: expect.any(String), modes: expect.arrayContaining(['forensic']) });
    const off = languageModelStatus({ modelsDir, languageModel: 'off' });
    expect(off).toMatchObject({ available: false, reason: expect.stringContaining('turned off') });
  });

  it("without the fetched files, says so and what npm start's fetch reported", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-status-'));
    try {
      fs.copyFileSync(path.join(modelsDir, MANIFEST_FILE), path.join(dir, MANIFEST_FILE));
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as {
        modes: Record<string, { lm?: { dir?: string } }>;
      };
      const lmDir = path.join(dir, manifest.modes.forensic.lm?.dir ?? 'lm');
      fs.mkdirSync(lmDir, { recursive: true });
      fs.writeFileSync(path.join(lmDir, '.start-status'), 'not fetched at start: no python3 on PATH\n');
      const status = languageModelStatus({ modelsDir: dir });
      expect(status?.available).toBe(false);
      expect(status?.reason).toContain('run npm run models:fetch');
      expect(status?.reason).toContain('no python3 on PATH');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

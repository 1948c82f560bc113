// Redocly's linter (a third-party reader of OpenAPI) finds nothing to warn about in the document
// a real `wsc serve` serves, under its recommended rules.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnEmulator, type TestEmulator } from '../../support/emulator';

const run = promisify(execFile);
let emu: TestEmulator;
beforeAll(async () => {
  emu = await spawnEmulator();
});
afterAll(async () => emu.stop());

it('lints clean under redocly recommended', async () => {
  const doc = await (await fetch(`${emu.url}/api/v1/openapi.json`)).text();
  const file = join(mkdtempSync(join(tmpdir(), 'wsc-openapi-')), 'openapi.json');
  writeFileSync(file, doc);
  const cli = resolve(__dirname, '../../../node_modules/@redocly/cli/bin/cli.js');
  const result = await run(process.execPath, [cli, 'lint', '--extends', 'recommended', '--format', 'json', file], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
  expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});

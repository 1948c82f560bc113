// Accessible mode's prompts (term/plain-prompt.ts): the question on a line, numbered choices, a typed answer.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { term } from '../../shared';
import { askPlainChoice, askPlainLine, plainChoiceIndex } from '../../term/plain-prompt';

function io(answers: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (c: Buffer) => {
    written += c.toString('utf8');
    // Each time the number is asked for, the next answer is typed.
    if (/and press Enter\.\n$/.test(written) && answers.length > 0) input.write(`${answers.shift()}\n`);
  });
  return { input, output, written: () => written };
}

describe('askPlainChoice', () => {
  it('lists the choices numbered and takes a typed number', async () => {
    const streams = io(['2']);
    expect(await askPlainChoice(term`What now?`, [term`Open the demo.`, term`Quit.`], streams)).toBe(1);
    expect(streams.written()).toBe('What now?\n1. Open the demo.\n2. Quit.\nType a number from 1 to 2 and press Enter.\n');
  });

  it('says a wrong answer and asks again; gives up (null) after three', async () => {
    const streams = io(['7', 'demo', '1']);
    expect(await askPlainChoice(term`What now?`, [term`A.`, term`B.`], streams)).toBe(0);
    expect(streams.written().match(/That is not one of the numbers 1 to 2\./g)).toHaveLength(2);
    expect(await askPlainChoice(term`Again?`, [term`A.`, term`B.`], io(['x', 'y', 'z']))).toBeNull();
  });

  it('is null when the input ends', async () => {
    const streams = io([]);
    const asked = askPlainChoice(term`What now?`, [term`A.`], streams);
    streams.input.end();
    expect(await asked).toBeNull();
  });
});

describe('askPlainLine', () => {
  it('asks on a line of its own and returns the trimmed answer', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const asked = askPlainLine(term`Service URL:`, { input, output });
    input.write('  http://127.0.0.1:8787 \n');
    expect(await asked).toBe('http://127.0.0.1:8787');
    expect(output.read()?.toString()).toBe('Service URL:\n');
  });
});

describe('plainChoiceIndex', () => {
  it('takes only a number in range', () => {
    expect(plainChoiceIndex(' 3 ', 3)).toBe(2);
    expect(plainChoiceIndex('0', 3)).toBeNull();
    expect(plainChoiceIndex('4', 3)).toBeNull();
    expect(plainChoiceIndex('2a', 3)).toBeNull();
  });
});

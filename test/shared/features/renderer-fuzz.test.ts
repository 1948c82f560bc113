// Bounded fuzz of both Markdown renderers (fixed seeds, fixed counts, so every run checks the same
// inputs): random Markdown/HTML/escape soup and mutated XSS corpus vectors. Invariants:
// - HTML: parse5 finds no on* attribute, no script/iframe/object/embed/style/base/form/meta/svg/math,
//   no javascript:/data:/vbscript: URL; rendering never throws.
// - Terminal: the sanitiser's output and both renderings (SGR removed from the coloured one) hold no
//   escape, C0/C1 control, CR, BiDi control or invisible character; sanitising is idempotent.
import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '../../../shared/markdown/render-html';
import { renderMarkdownTerminal } from '../../../shared/markdown/render-terminal';
import { isTerminalSafe, sanitizeTerminalLine, sanitizeTerminalText } from '../../../shared/markdown/sanitize-terminal';
import { XSS_VECTORS } from '../../fixtures/xss-corpus';
import { executableParts } from '../../support/html-judge';
import { seededRandom } from '../../../emulator/seeded-random';

const SEEDS = [1, 7, 42, 20261125];
const INPUTS_PER_SEED = 1_500;

// A failure names its seed and index and repeats exactly (the local service's own mulberry32).
const seeded = seededRandom;

const FRAGMENTS = [
  // Markdown structure
  '# ', '## ', '> ', '- ', '* ', '1. ', '- [x] ', '|', '| a | b |\n|---|---|\n', '```\n', '`', '**', '_', '~~', '[', '](', ')', '![', '<', '>', '\n', '\n\n', '    ', '\\', '---\n',
  // HTML pieces and the inline tags after which marked passes text through raw
  '<script>', '</script>', '<pre>', '<code>', '<kbd>', '<img src=x ', 'onerror=alert(1)', ' onload=', '<svg ', '<details open ', 'ontoggle=alert(1)', '<a href="', '"', "'", '=', '/', '//', '<!--', '-->', '<![CDATA[', '<iframe ', '<style>', '<math>', '<form action=', 'formaction=', 'xlink:href=', '&#x6A;', '&#106;', '&colon;', '&lt;', '&amp;',
  // URL schemes
  'javascript:alert(1)', 'JaVaScRiPt:', 'java\tscript:', 'data:text/html,', 'vbscript:', 'https://ok.example/', 'mailto:a@b.example', '<https://ok.example>',
  // Terminal escapes, 7- and 8-bit
  '\x1b', '\x1b[', '\x1b]', '\x1bP', '\x1b_', '\x1b^', '\x1bX', '\x1b\\', '\x07', '\x1b[2J', '\x1b]52;c;ZXZpbA==\x07', '\x1b]8;;https://evil.example\x07', '\x1b[6n', '31m', ';', '\u009b', '\u009d', '\u009c', '\u0090', '\u0085', '\r', '\r\n', '\x00', '\x08', '\x7f', '\t',
  // BiDi controls and invisibles, and text that must survive
  '\u202e', '\u202a', '\u2066', '\u2069', '\u200b', '\u200d', '\u200e', '\u061c', '\u00ad', '\ufeff', '\u{e0041}', '\u{e007f}', '\u2028',
  'text', ' ', 'é', '日本', '👨‍👩‍👧', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '\ud800',
];

function randomInput(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  if (random() < 0.4) {
    // A corpus vector with fragments spliced in at random places.
    let s = pick(XSS_VECTORS);
    const cuts = 1 + Math.floor(random() * 4);
    for (let i = 0; i < cuts; i++) {
      const at = Math.floor(random() * (s.length + 1));
      s = s.slice(0, at) + pick(FRAGMENTS) + s.slice(at);
    }
    return s;
  }
  let s = '';
  const length = 1 + Math.floor(random() * 40);
  for (let i = 0; i < length; i++) s += pick(FRAGMENTS);
  return s;
}

const stripOwnSgr = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe.each(SEEDS)('renderer fuzz, seed %i', (seed) => {
  const inputs = (() => {
    const random = seeded(seed);
    return Array.from({ length: INPUTS_PER_SEED }, () => randomInput(random));
  })();

  it(`HTML: ${INPUTS_PER_SEED} inputs render with nothing executable`, () => {
    const failures: string[] = [];
    inputs.forEach((input, i) => {
      const problems = executableParts(renderMarkdownHtml(input));
      if (problems.length > 0) failures.push(`#${i} ${JSON.stringify(input)} → ${problems.join(', ')}`);
    });
    expect(failures).toEqual([]);
  });

  it(`terminal: ${INPUTS_PER_SEED} inputs leave no control, escape or hidden character`, () => {
    const failures: string[] = [];
    inputs.forEach((input, i) => {
      const text = sanitizeTerminalText(input);
      const line = sanitizeTerminalLine(input);
      const plain = renderMarkdownTerminal(input, { color: false, width: 40 });
      const colored = stripOwnSgr(renderMarkdownTerminal(input, { color: true, width: 60 }));
      const broken = [
        !isTerminalSafe(text) && 'sanitizeTerminalText',
        sanitizeTerminalText(text) !== text && 'not idempotent',
        (!isTerminalSafe(line) || /[\n\t]/.test(line)) && 'sanitizeTerminalLine',
        !isTerminalSafe(plain) && 'plain rendering',
        !isTerminalSafe(colored) && 'coloured rendering',
      ].filter(Boolean);
      if (broken.length > 0) failures.push(`#${i} ${JSON.stringify(input)} → ${broken.join(', ')}`);
    });
    expect(failures).toEqual([]);
  });
});

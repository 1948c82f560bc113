// A terminal screen captured as text (tmux `capture-pane -e -p`, SGR colours kept) drawn as a PNG
// for the README, in the headless Chromium the VS Code tests use:
//   node scripts/terminal-screenshot.mjs capture.txt media/screenshots/tui-inbox.png [--title "wsc"]
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './code-server-paths.mjs';

const [input, output, ...rest] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/terminal-screenshot.mjs CAPTURE.txt OUT.png [--title TEXT]');
  process.exit(2);
}
const title = rest[0] === '--title' ? (rest[1] ?? '') : 'wsc';

// The 16 colours of a dark terminal theme; 256-colour and true-colour codes are mapped too.
const PALETTE = ['#1d1f21', '#cc6666', '#b5bd68', '#f0c674', '#81a2be', '#b294bb', '#8abeb7', '#c5c8c6', '#666666', '#d54e53', '#b9ca4a', '#e7c547', '#7aa6da', '#c397d8', '#70c0b1', '#eaeaea'];
const FG = '#c5c8c6';
const BG = '#1d1f21';

function color256(n) {
  if (n < 16) return PALETTE[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const c = (x) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${c(Math.floor(i / 36))},${c(Math.floor(i / 6) % 6)},${c(i % 6)})`;
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function toHtml(text) {
  let style = {};
  let html = '';
  const apply = (codes) => {
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i];
      if (c === 0) style = {};
      else if (c === 1) style.bold = true;
      else if (c === 2) style.dim = true;
      else if (c === 3) style.italic = true;
      else if (c === 4) style.underline = true;
      else if (c === 7) style.inverse = true;
      else if (c === 22) style.bold = style.dim = false;
      else if (c === 23) style.italic = false;
      else if (c === 24) style.underline = false;
      else if (c === 27) style.inverse = false;
      else if (c >= 30 && c <= 37) style.fg = PALETTE[c - 30];
      else if (c >= 90 && c <= 97) style.fg = PALETTE[c - 90 + 8];
      else if (c >= 40 && c <= 47) style.bg = PALETTE[c - 40];
      else if (c >= 100 && c <= 107) style.bg = PALETTE[c - 100 + 8];
      else if (c === 39) delete style.fg;
      else if (c === 49) delete style.bg;
      else if ((c === 38 || c === 48) && codes[i + 1] === 5) {
        style[c === 38 ? 'fg' : 'bg'] = color256(codes[i + 2] ?? 0);
        i += 2;
      } else if ((c === 38 || c === 48) && codes[i + 1] === 2) {
        style[c === 38 ? 'fg' : 'bg'] = `rgb(${codes[i + 2] ?? 0},${codes[i + 3] ?? 0},${codes[i + 4] ?? 0})`;
        i += 4;
      }
    }
  };
  const span = (s) => {
    if (s === '') return '';
    let fg = style.fg ?? FG;
    let bg = style.bg ?? 'transparent';
    if (style.inverse) [fg, bg] = [style.bg ?? BG, style.fg ?? FG];
    const css = [`color:${fg}`, `background:${bg}`, style.bold ? 'font-weight:bold' : '', style.dim ? 'opacity:.6' : '', style.italic ? 'font-style:italic' : '', style.underline ? 'text-decoration:underline' : ''].filter(Boolean).join(';');
    return `<span style="${css}">${escapeHtml(s)}</span>`;
  };
  // SGR sequences kept; every other escape sequence (cursor moves, OSC) dropped.
  const parts = text.replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '').split(/(\x1b\[[0-9;:]*[A-Za-z])/);
  for (const part of parts) {
    const sgr = /^\x1b\[([0-9;:]*)m$/.exec(part);
    if (sgr) apply((sgr[1] || '0').split(/[;:]/).map((n) => Number(n || 0)));
    else if (!part.startsWith('\x1b[')) html += span(part);
  }
  return html;
}

const text = readFileSync(input, 'utf8').replace(/\n+$/, '');
const page = `<!doctype html><meta charset="utf-8"><style>
  body { margin: 0; background: #111; padding: 16px; display: inline-block; }
  .window { background: ${BG}; border-radius: 8px; box-shadow: 0 4px 24px rgba(0,0,0,.5); overflow: hidden; }
  .bar { background: #2c2e30; color: #9a9a9a; font: 12px system-ui, sans-serif; padding: 6px 12px; }
  pre { margin: 0; padding: 10px 12px; font: 14px/1.3 "DejaVu Sans Mono", "Noto Sans Mono", monospace; color: ${FG}; }
</style><div class="window"><div class="bar">${escapeHtml(title)}</div><pre>${toHtml(text)}</pre></div>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
try {
  const tab = await browser.newPage({ viewport: { width: 800, height: 200 }, deviceScaleFactor: 1 });
  await tab.setContent(page);
  await tab.locator('body').screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}

// What counts as an attachment for the message trigger's `hasAttachment` (a decision of ours):
// a Markdown image `![alt](url)`, or a Markdown link / bare URL whose path ends in a file name
// with an extension that is not a web page (e.g. report.pdf, data.csv, build.zip).
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?[^)\s>]+>?(?:\s+"[^"]*")?\s*\)/;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s)<>\]]+/g;
const PAGE_EXTENSIONS = new Set(['html', 'htm', 'php', 'asp', 'aspx', 'jsp', 'cgi']);

function isFileUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const last = url.pathname.split('/').pop() ?? '';
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(last);
  return m !== null && !PAGE_EXTENSIONS.has((m[1] ?? '').toLowerCase());
}

export function hasAttachment(body: string): boolean {
  if (MARKDOWN_IMAGE.test(body)) return true;
  for (const match of body.matchAll(URL_IN_TEXT)) {
    if (isFileUrl(match[0])) return true;
  }
  return false;
}

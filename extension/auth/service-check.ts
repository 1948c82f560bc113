// "Workspace: Check Service Compatibility": the words for a compatibility report (vscode-free, so
// tested alone); extension/auth/index.ts runs it on the command and quietly after each sign-in.
import type { CompatReport } from '../../shared/index';

export interface ServiceCheckView {
  /** Everything matched: nothing to show after a quiet check. */
  ok: boolean;
  /** The notification. */
  message: string;
  /** One line per check, for the log. */
  lines: string[];
}

export function describeServiceCheck(report: CompatReport, baseUrl: string): ServiceCheckView {
  const lines = [`Service check: ${report.service} (${baseUrl})`, ...report.findings.map((f) => `${f.ok ? '✓' : '✗'} ${f.subject}: ${f.detail}`)];
  if (report.problems === 0) {
    return { ok: true, message: `${report.service}: all ${report.findings.length} checks passed; this extension can work with it.`, lines };
  }
  const first = report.findings.find((f) => !f.ok);
  const more = report.problems > 1 ? ` (and ${report.problems - 1} more)` : '';
  return { ok: false, message: `${report.service} differs from what this extension relies on: ${first?.subject}: ${first?.detail}${more}.`, lines };
}
